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
  const { error, isUploading, pick } = useImageUpload(uploadImage, onChange, 'The image could not be uploaded.');
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
          <ImageFileInput
            onPick={(file) => void pick(file)}
            isInvalid={Boolean(message)}
            disabled={isUploading}
            testId="product-image-input"
          />
          <Form.Text>PNG, JPEG or WebP, up to {IMAGE_MAX_MB} MB.</Form.Text>
          <ImageError message={message} testId="product-image-error" />
          <div className="mt-1 d-flex gap-2 align-items-center">
            {isUploading && <UploadingNote />}
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
