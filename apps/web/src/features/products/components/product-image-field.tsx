// Product image: uploaded at once (components/form/image-upload.tsx), previewed, and removable.
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
import { uploadImage } from '../api/products-api.ts';

export function ProductImageField({
  value,
  onChange,
  serverError,
}: {
  value: string | null;
  onChange: (url: string | null) => void;
  serverError?: string;
}) {
  const { t } = usePortalI18n();
  const { error, isUploading, pick } = useImageUpload(uploadImage, onChange, t('products.image.uploadFailed'));
  const message = error ?? serverError;
  return (
    <Form.Group className="mb-3" controlId="product-image">
      <Form.Label>{t('products.image.label')}</Form.Label>
      <div className="d-flex align-items-center gap-3">
        {value ? (
          <img
            src={value}
            alt={t('products.image.alt')}
            className="image-preview"
            data-testid="product-image-preview"
          />
        ) : (
          <div className="image-preview d-flex align-items-center justify-content-center text-body-secondary small">
            {t('products.image.none')}
          </div>
        )}
        <div className="flex-grow-1">
          <ImageFileInput
            onPick={(file) => void pick(file)}
            isInvalid={Boolean(message)}
            disabled={isUploading}
            testId="product-image-input"
          />
          <Form.Text>{t('products.image.help', { mb: IMAGE_MAX_MB })}</Form.Text>
          <ImageError message={message} testId="product-image-error" />
          <div className="mt-1 d-flex gap-2 align-items-center">
            {isUploading && <UploadingNote />}
            {value && !isUploading && (
              <Button variant="link" size="sm" className="p-0" onClick={() => onChange(null)}>
                {t('products.image.remove')}
              </Button>
            )}
          </div>
        </div>
      </div>
    </Form.Group>
  );
}
