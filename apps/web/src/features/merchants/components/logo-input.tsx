import { LOGO_MAX_BYTES } from '@kassa/contract/merchants';
import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';

const ACCEPTED = ['image/png', 'image/jpeg', 'image/svg+xml', 'image/webp'];

const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

/**
 * The merchant logo travels as a data: URL (contract: PNG, JPEG, SVG or WebP, 200 KB at most), so the
 * file is checked here before it is read, and shown as a preview.
 */
export function LogoInput({
  value,
  onChange,
  error,
}: {
  value: string | null | undefined;
  onChange: (value: string | null) => void;
  error?: string;
}) {
  const { t } = usePortalI18n();
  const id = useId();
  const [fileError, setFileError] = useState<string | null>(null);
  const shown = fileError ?? error;

  const pick = async (file: File | undefined) => {
    if (!file) return;
    if (!ACCEPTED.includes(file.type)) return setFileError(t('merchants.logo.typeError'));
    if (file.size > LOGO_MAX_BYTES) return setFileError(t('merchants.logo.sizeError'));
    setFileError(null);
    onChange(await readAsDataUrl(file));
  };

  return (
    <Form.Group controlId={id}>
      <Form.Label>{t('merchants.logo.label')}</Form.Label>
      <div className="d-flex align-items-center gap-3">
        <span className="logo-preview" data-testid="logo-preview">
          {value ? (
            <img src={value} alt={t('merchants.logo.preview')} />
          ) : (
            <span className="text-body-secondary small">{t('merchants.logo.none')}</span>
          )}
        </span>
        <div className="flex-grow-1">
          <Form.Control
            type="file"
            accept={ACCEPTED.join(',')}
            isInvalid={Boolean(shown)}
            data-testid="merchant-logo"
            onChange={(event) => void pick((event.target as HTMLInputElement).files?.[0])}
          />
          <Form.Text>{t('merchants.logo.hint')}</Form.Text>
          {shown && <div className="invalid-feedback d-block">{shown}</div>}
        </div>
        {value && (
          <Button variant="outline-secondary" size="sm" onClick={() => onChange(null)}>
            {t('merchants.logo.remove')}
          </Button>
        )}
      </div>
    </Form.Group>
  );
}
