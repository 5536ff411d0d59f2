// Image uploads for product images and the business logo: type from the magic bytes, at most 2 MB.
import { APP, hasAppAccess, ROLE } from '@kassa/contract/access';
import { IMAGE_MAX_BYTES, UPLOADS_PATH, type UploadPurpose, type UploadResult } from '@kassa/contract/products';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { requireFullSession, requireMerchantAccess } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { forbidden, invalid } from '../../lib/app-error.ts';
import { copyDiskImagesToDatabase, imageStoreOf } from './image-store.ts';
import { detectImageKind } from './image-type.ts';

/** Whether `url` is an image the merchant uploaded (a logo must have been uploaded first). */
export const isUsableImage = (ctx: AppContext, merchantId: string, url: string) =>
  imageStoreOf(ctx).isUsableBy(merchantId, url);

/** The bytes of an image stored here under its URL path (a merchant's logo), or null. */
export async function readStoredImage(ctx: AppContext, url: string | null): Promise<Buffer | null> {
  if (!url?.startsWith(UPLOADS_PATH)) return null;
  return (await imageStoreOf(ctx).read(url.slice(UPLOADS_PATH.length)))?.bytes ?? null;
}

export const TOO_LARGE_MESSAGE = `The image must be ${IMAGE_MAX_BYTES / 1024 / 1024} MB or smaller.`;
export const WRONG_TYPE_MESSAGE = 'Upload a PNG, JPEG or WebP image.';

/**
 * A product image serves creating or editing a product: either code on Products (app 3) is enough.
 * A logo serves the business profile, so it takes who may change that profile — the owner or staff
 * (2, 5) in a full session, whatever their Products access or the Payment Hub's status.
 */
export function requireUploadAccess(actor: Actor, purpose: UploadPurpose): { merchantId: string } {
  if (purpose === 'logo') {
    requireFullSession(actor);
    if (!actor.merchantId || (actor.role !== ROLE.MERCHANT_OWNER && actor.role !== ROLE.MERCHANT_STAFF)) {
      throw forbidden("Only the merchant's owner or staff can change the logo.");
    }
    return { merchantId: actor.merchantId };
  }
  return requireMerchantAccess(actor, APP.PRODUCTS, hasAppAccess(actor, APP.PRODUCTS, 'edit') ? 'edit' : 'create');
}

export async function uploadImage(ctx: AppContext, merchantId: string, bytes: Buffer): Promise<UploadResult> {
  if (bytes.length > IMAGE_MAX_BYTES) throw invalid('file', TOO_LARGE_MESSAGE);
  const kind = detectImageKind(bytes);
  if (!kind) throw invalid('file', WRONG_TYPE_MESSAGE);
  const url = await imageStoreOf(ctx).save(merchantId, bytes, kind);
  return { url, content_type: kind.contentType, size: bytes.length };
}

/** At start on PostgreSQL: images an earlier single-process run kept on disk move into the database, once. */
export const moveDiskUploadsToDatabase = (db: Db, dataDir: string) => copyDiskImagesToDatabase(db, dataDir);
