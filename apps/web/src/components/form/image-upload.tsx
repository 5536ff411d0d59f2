// An image picked in a form (a product's image, the business logo): checked here for type and size
// before it is sent (the server checks the bytes again), uploaded at once, and kept as the URL Kassa
// answered.
import { IMAGE_MAX_BYTES, IMAGE_TYPES } from '@kassa/contract/products';
import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { apiErrorMessage } from '../../lib/api-client.ts';
import './form.css';

export const IMAGE_MAX_MB = IMAGE_MAX_BYTES / 1024 / 1024;
// The same words as the server's answers (uploads.service.ts), whichever side refuses the file.
const IMAGE_TYPE_ERROR = 'Upload a PNG, JPEG or WebP image.';
const IMAGE_SIZE_ERROR = `The image must be ${IMAGE_MAX_MB} MB or smaller.`;

/** The reason a file cannot be uploaded, or null when it may be. */
function imageFileProblem(file: File): string | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return IMAGE_TYPE_ERROR;
  if (file.size > IMAGE_MAX_BYTES) return IMAGE_SIZE_ERROR;
  return null;
}

/** Checks and uploads a picked file; `onUploaded` gets the stored image's URL. */
export function useImageUpload(
  upload: (file: File) => Promise<{ url: string }>,
  onUploaded: (url: string) => void,
  failed: string,
) {
  const [error, setError] = useState<string | null>(null);
  const [isUploading, setUploading] = useState(false);

  const pick = async (file: File | undefined) => {
    if (!file) return;
    const problem = imageFileProblem(file);
    setError(problem);
    if (problem) return;
    setUploading(true);
    try {
      onUploaded((await upload(file)).url);
    } catch (uploadError) {
      setError(apiErrorMessage(uploadError, failed));
    } finally {
      setUploading(false);
    }
  };
  return { error, setError, isUploading, pick };
}

/** The file box of an image field: PNG, JPEG or WebP only; the same file may be picked again. */
export function ImageFileInput({
  onPick,
  isInvalid,
  disabled,
  testId,
}: {
  onPick: (file: File | undefined) => void;
  isInvalid: boolean;
  disabled: boolean;
  testId: string;
}) {
  return (
    <Form.Control
      type="file"
      accept={IMAGE_TYPES.join(',')}
      onChange={(event) => {
        const input = event.target as HTMLInputElement;
        onPick(input.files?.[0]);
        input.value = '';
      }}
      isInvalid={isInvalid}
      disabled={disabled}
      data-testid={testId}
    />
  );
}

/** The upload's error under the file box. */
export function ImageError({ message, testId }: { message: string | null | undefined; testId: string }) {
  if (!message) return null;
  return (
    <div className="invalid-feedback d-block" data-testid={testId}>
      {message}
    </div>
  );
}

export function UploadingNote({ role }: { role?: 'status' }) {
  return (
    <span className="small text-body-secondary" role={role}>
      <Spinner animation="border" size="sm" className="me-1" /> Uploading…
    </span>
  );
}
