// The business logo: checked here for type and size (the server checks the bytes again), uploaded
// at once, previewed, and saved with the profile as the path Kassa answered — never an outside URL.
import { IMAGE_MAX_BYTES, IMAGE_TYPES } from '@kassa/contract/products';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { apiErrorMessage } from '../../../lib/api-client.ts';
import { uploadLogo } from '../api/merchant-profile-api.ts';

// The same words as the server's answers (uploads.service.ts), whichever side refuses the file.
const MAX_MB = IMAGE_MAX_BYTES / 1024 / 1024;
export const LOGO_TYPE_ERROR = 'Upload a PNG, JPEG or WebP image.';
export const LOGO_SIZE_ERROR = `The image must be ${MAX_MB} MB or smaller.`;

function logoFileProblem(file: File): string | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return LOGO_TYPE_ERROR;
  if (file.size > IMAGE_MAX_BYTES) return LOGO_SIZE_ERROR;
  return null;
}

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
  const [error, setError] = useState<string | null>(null);
  const [isUploading, setUploading] = useState(false);

  const pick = async (file: File | undefined) => {
    if (!file) return;
    const problem = logoFileProblem(file);
    setError(problem);
    if (problem) return;
    setUploading(true);
    try {
      onChange((await uploadLogo(file)).url);
    } catch (uploadError) {
      setError(apiErrorMessage(uploadError, 'The logo could not be uploaded.'));
    } finally {
      setUploading(false);
    }
  };

  const message = error ?? serverError;
  const preview = (
    <div className="setup-logo-frame mb-3">
      {value ? (
        <img src={value} alt={`${businessName} logo`} className="setup-logo" data-testid="setup-logo" />
      ) : (
        <span className="text-body-secondary small" data-testid="setup-logo-empty">
          No logo yet: checkout pages show your business name.
        </span>
      )}
    </div>
  );
  if (isReadOnly) return preview;
  return (
    <Form.Group controlId="setup-logo-input">
      {preview}
      <Form.Label className="small fw-semibold">{value ? 'Replace the logo' : 'Upload a logo'}</Form.Label>
      <Form.Control
        type="file"
        accept={IMAGE_TYPES.join(',')}
        onChange={(event) => {
          const input = event.target as HTMLInputElement;
          void pick(input.files?.[0]);
          input.value = '';
        }}
        isInvalid={Boolean(message)}
        disabled={isUploading}
        data-testid="setup-logo-input"
      />
      <Form.Text>
        PNG, JPEG or WebP, up to {MAX_MB} MB. Shown in the header, on checkout pages and on invoices.
      </Form.Text>
      {message && (
        <div className="invalid-feedback d-block" data-testid="setup-logo-error">
          {message}
        </div>
      )}
      <div className="mt-2 d-flex flex-wrap gap-3 align-items-center">
        {isUploading && (
          <span className="small text-body-secondary" role="status">
            <Spinner animation="border" size="sm" className="me-1" /> Uploading…
          </span>
        )}
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
            Remove logo
          </Button>
        )}
        {isChanged && !isUploading && (
          <span className="small text-warning-emphasis" data-testid="setup-logo-unsaved">
            Save the profile to keep this change.
          </span>
        )}
      </div>
    </Form.Group>
  );
}
