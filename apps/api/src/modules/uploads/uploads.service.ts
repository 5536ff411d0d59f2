// Image uploads for products (and later logos): type from the magic bytes, at most 2 MB.
import { APP } from '@kassa/contract/access';
import { IMAGE_MAX_BYTES, type UploadResult } from '@kassa/contract/products';
import type { AppContext } from '../../context.ts';
import { hasAppAccess, requireMerchantAccess } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { invalid } from '../../lib/app-error.ts';
import { storeImage } from './image-store.ts';
import { detectImageKind } from './image-type.ts';

export const TOO_LARGE_MESSAGE = `The image must be ${IMAGE_MAX_BYTES / 1024 / 1024} MB or smaller.`;
export const WRONG_TYPE_MESSAGE = 'Upload a PNG, JPEG or WebP image.';

/** Uploading serves creating or editing a product: either code on Products (app 3) is enough. */
export function requireUploadAccess(actor: Actor) {
  return requireMerchantAccess(actor, APP.PRODUCTS, hasAppAccess(actor, APP.PRODUCTS, 'edit') ? 'edit' : 'create');
}

export async function uploadImage(ctx: AppContext, bytes: Buffer): Promise<UploadResult> {
  if (bytes.length > IMAGE_MAX_BYTES) throw invalid('file', TOO_LARGE_MESSAGE);
  const kind = detectImageKind(bytes);
  if (!kind) throw invalid('file', WRONG_TYPE_MESSAGE);
  const url = await storeImage(ctx.config.dataDir, bytes, kind);
  return { url, content_type: kind.contentType, size: bytes.length };
}
