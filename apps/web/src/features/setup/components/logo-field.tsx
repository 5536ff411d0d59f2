// The business logo: checked here for type and size (the server checks the bytes again), uploaded
// at once, previewed, and saved with the profile as the path Kassa answered — never an outside URL.
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import {
  IMAGE_MAX_MB,
  ImageError,
  ImageFileInput,
  UploadingNote,
  useImageUpload,
} from '../../../components/form/image-upload.tsx';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';
import { uploadLogo } from '../api/merchant-profile-api.ts';

export function LogoField({
  value,
  businessName,
  isChanged,
  isReadOnly,
  serverError,
  onChange,
}: {
  value: string | null;
  businessName: string;
  /** A sub-user sees the logo without the controls to change it. */
  isReadOnly: boolean;
  /** The shown logo differs from the saved one: it is stored with the next save. */
  isChanged: boolean;
  serverError?: string;
  onChange: (path: string | null) => void;
}) {
  const { t } = usePortalI18n();
  const { error, setError, isUploading, pick } = useImageUpload(uploadLogo, onChange, t('setup.logoFailed'));
  const message = error ?? serverError;
  const preview = (
    <div className="setup-logo-frame mb-3">
      {value ? (
        <img
          src={value}
          alt={t('setup.logoAlt', { name: businessName })}
          className="setup-logo"
          data-testid="setup-logo"
        />
      ) : (
        <span className="text-body-secondary small" data-testid="setup-logo-empty">
          {t('setup.noLogo')}
        </span>
      )}
    </div>
  );
  if (isReadOnly) return preview;
  return (
    <Form.Group controlId="setup-logo-input">
      {preview}
      <Form.Label className="small fw-semibold">{value ? t('setup.replaceLogo') : t('setup.uploadLogo')}</Form.Label>
      <ImageFileInput
        onPick={(file) => void pick(file)}
        isInvalid={Boolean(message)}
        disabled={isUploading}
        testId="setup-logo-input"
      />
      <Form.Text>{t('setup.logoHelp', { size: IMAGE_MAX_MB })}</Form.Text>
      <ImageError message={message} testId="setup-logo-error" />
      <div className="mt-2 d-flex flex-wrap gap-3 align-items-center">
        {isUploading && <UploadingNote role="status" />}
        {value && !isUploading && (
          <Button
            variant="link"
            size="sm"
            className="p-0 text-danger"
            onClick={() => {
              setError(null);
              onChange(null);
            }}
            data-testid="setup-logo-remove"
          >
            {t('setup.removeLogo')}
          </Button>
        )}
        {isChanged && !isUploading && (
          <span className="small text-warning-emphasis" data-testid="setup-logo-unsaved">
            {t('setup.unsaved')}
          </span>
        )}
      </div>
    </Form.Group>
  );
}
