// An image picked in a form (a product's image, the business logo): checked here for type and size
// before it is sent (the server checks the bytes again), uploaded at once, and kept as the URL Kassa
// answered.

import type { Translate } from '@kassa/contract/i18n/translate';
import { IMAGE_MAX_BYTES, IMAGE_TYPES } from '@kassa/contract/products';
import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { apiErrorMessage } from '../../lib/api-client.ts';
import { usePortalI18n } from '../../lib/use-portal-i18n.ts';
import './form.css';

export const IMAGE_MAX_MB = IMAGE_MAX_BYTES / 1024 / 1024;
/** The reason a file cannot be uploaded, or null when it may be: in English, the server's words (uploads.service.ts). */
function imageFileProblem(file: File, t: Translate): string | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return t('components.image.typeError');
  if (file.size > IMAGE_MAX_BYTES) return t('components.image.sizeError', { size: IMAGE_MAX_MB });
  return null;
}

/** Checks and uploads a picked file; `onUploaded` gets the stored image's URL. */
export function useImageUpload(
  upload: (file: File) => Promise<{ url: string }>,
  onUploaded: (url: string) => void,
  failed: string,
) {
  const { t } = usePortalI18n();
  const [error, setError] = useState<string | null>(null);
  const [isUploading, setUploading] = useState(false);

  const pick = async (file: File | undefined) => {
    if (!file) return;
    const problem = imageFileProblem(file, t);
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
  const { t } = usePortalI18n();
  return (
    <span className="small text-body-secondary" role={role}>
      <Spinner animation="border" size="sm" className="me-1" /> {t('components.image.uploading')}
    </span>
  );
}
