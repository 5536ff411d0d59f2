import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { uploadedImages } from '../../db/schema.ts';

export interface StoredImageRow {
  name: string;
  merchantId: string | null;
  contentType: string;
  bytes: Buffer;
}

export async function insertImage(db: DbOrTx, row: StoredImageRow) {
  await db.insert(uploadedImages).values(row);
}

export async function findImage(db: DbOrTx, name: string) {
  const [row] = await db
    .select({ contentType: uploadedImages.contentType, bytes: uploadedImages.bytes })
    .from(uploadedImages)
    .where(eq(uploadedImages.name, name));
  return row ?? null;
}

/** Whether the merchant may use the image: its own, or one copied from a data dir (owner unknown). */
export async function isMerchantImage(db: DbOrTx, merchantId: string, name: string) {
  const [row] = await db
    .select({ name: uploadedImages.name })
    .from(uploadedImages)
    .where(
      and(
        eq(uploadedImages.name, name),
        or(eq(uploadedImages.merchantId, merchantId), isNull(uploadedImages.merchantId)),
      ),
    );
  return row !== undefined;
}

/** Which of `names` the table already holds. */
export async function findStoredNames(db: DbOrTx, names: string[]) {
  if (names.length === 0) return new Set<string>();
  const rows = await db
    .select({ name: uploadedImages.name })
    .from(uploadedImages)
    .where(inArray(uploadedImages.name, names));
  return new Set(rows.map((r) => r.name));
}

/** A copy that another starting process made first is no error. */
export async function insertCopiedImage(db: DbOrTx, row: StoredImageRow) {
  await db.insert(uploadedImages).values(row).onConflictDoNothing({ target: uploadedImages.name });
}
