// Product image: checked here for type and size before it is sent (the server checks the bytes
// again), uploaded at once, previewed, and removable.
import { IMAGE_MAX_BYTES, IMAGE_TYPES } from '@kassa/contract/products';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { apiErrorMessage } from '../../../lib/api-client.ts';
import { uploadImage } from '../api/products-api.ts';

// The same words as the server's answers (uploads.service.ts), whichever side refuses the file.
export const IMAGE_TYPE_ERROR = 'Upload a PNG, JPEG or WebP image.';
export const IMAGE_SIZE_ERROR = `The image must be ${IMAGE_MAX_BYTES / 1024 / 1024} MB or smaller.`;

/** The reason a file cannot be uploaded, or null when it may be. */
export function imageFileProblem(file: File): string | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return IMAGE_TYPE_ERROR;
  if (file.size > IMAGE_MAX_BYTES) return IMAGE_SIZE_ERROR;
  return null;
}

export function ProductImageField({
  value,
  onChange,
  serverError,
}: {
  value: string | null;
  onChange: (url: string | null) => void;
  serverError?: string;
}) {
  const [error, setError] = useState<string | null>(null);
  const [isUploading, setUploading] = useState(false);

  const pick = async (file: File | undefined) => {
    if (!file) return;
    const problem = imageFileProblem(file);
    setError(problem);
    if (problem) return;
    setUploading(true);
    try {
      onChange((await uploadImage(file)).url);
    } catch (uploadError) {
      setError(apiErrorMessage(uploadError, 'The image could not be uploaded.'));
    } finally {
      setUploading(false);
    }
  };

  const message = error ?? serverError;
  return (
    <Form.Group className="mb-3" controlId="product-image">
      <Form.Label>Image</Form.Label>
      <div className="d-flex align-items-center gap-3">
        {value ? (
          <img src={value} alt="Product" className="image-preview" data-testid="product-image-preview" />
        ) : (
          <div className="image-preview d-flex align-items-center justify-content-center text-body-secondary small">
            No image
          </div>
        )}
        <div className="flex-grow-1">
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
            data-testid="product-image-input"
          />
          <Form.Text>PNG, JPEG or WebP, up to {IMAGE_MAX_BYTES / 1024 / 1024} MB.</Form.Text>
          {message && (
            <div className="invalid-feedback d-block" data-testid="product-image-error">
              {message}
            </div>
          )}
          <div className="mt-1 d-flex gap-2 align-items-center">
            {isUploading && (
              <span className="small text-body-secondary">
                <Spinner animation="border" size="sm" className="me-1" /> Uploading…
              </span>
            )}
            {value && !isUploading && (
              <Button variant="link" size="sm" className="p-0" onClick={() => onChange(null)}>
                Remove image
              </Button>
            )}
          </div>
        </div>
      </div>
    </Form.Group>
  );
}
