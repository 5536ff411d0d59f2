// Where uploaded images live: on disk under <data dir>/uploads/ with the embedded database (one process),
// in PostgreSQL when DATABASE_URL is set, so every API process serves what any of them stored
// (docs/ARCHITECTURE.md#scaling-out; an S3-compatible store can replace this adapter later). Names are
// random UUIDs: nothing from the client reaches the file system.
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { UPLOADS_PATH } from '@kassa/contract/products';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { CONTENT_TYPE_BY_EXT, type ImageKind } from './image-type.ts';
import { findImage, findStoredNames, insertCopiedImage, insertImage, isMerchantImage } from './uploads.queries.ts';

export const STORED_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg|webp)$/;

export interface StoredImage {
  bytes: Buffer;
  contentType: string;
}

export interface ImageStore {
  /** Stores the bytes and returns the URL path the image is served at. */
  save(merchantId: string, bytes: Buffer, kind: ImageKind): Promise<string>;
  /** The stored image, or null for a name that is not one of ours or no longer exists. */
  read(name: string): Promise<StoredImage | null>;
  /** Whether `url` is the path of an image this merchant may use (a logo must have been uploaded first). */
  isUsableBy(merchantId: string, url: string): Promise<boolean>;
}

export function imageStoreOf(ctx: Pick<AppContext, 'database' | 'config'>): ImageStore {
  return ctx.database.kind === 'postgres' ? databaseImageStore(ctx.database.db) : diskImageStore(ctx.config.dataDir);
}

const uploadsDir = (dataDir: string) => join(dataDir, 'uploads');
const newName = (kind: ImageKind) => `${crypto.randomUUID()}.${kind.ext}`;
const contentTypeOf = (name: string) => CONTENT_TYPE_BY_EXT[name.split('.').at(-1) as ImageKind['ext']];

/** The stored name in an uploads URL, or null when the URL is not one of ours. */
function nameIn(url: string) {
  if (!url.startsWith(UPLOADS_PATH)) return null;
  const name = url.slice(UPLOADS_PATH.length);
  return STORED_NAME.test(name) ? name : null;
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

// The embedded database belongs to one process, so its disk does too: any image it stored is its own.
export function diskImageStore(dataDir: string): ImageStore {
  return {
    async save(_merchantId, bytes, kind) {
      const name = newName(kind);
      await mkdir(uploadsDir(dataDir), { recursive: true });
      await writeFile(join(uploadsDir(dataDir), name), bytes, { flag: 'wx' });
      return `${UPLOADS_PATH}${name}`;
    },
    async read(name) {
      if (!STORED_NAME.test(name)) return null;
      try {
        return { bytes: await readFile(join(uploadsDir(dataDir), name)), contentType: contentTypeOf(name) };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async isUsableBy(_merchantId, url) {
      const name = nameIn(url);
      if (!name) return false;
      try {
        return (await stat(join(uploadsDir(dataDir), name))).isFile();
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
  };
}

export function databaseImageStore(db: Db): ImageStore {
  return {
    async save(merchantId, bytes, kind) {
      const name = newName(kind);
      await insertImage(db, { name, merchantId, contentType: kind.contentType, bytes });
      return `${UPLOADS_PATH}${name}`;
    },
    async read(name) {
      return STORED_NAME.test(name) ? findImage(db, name) : null;
    },
    async isUsableBy(merchantId, url) {
      const name = nameIn(url);
      return name !== null && isMerchantImage(db, merchantId, name);
    },
  };
}

/**
 * A data dir that served uploads before DATABASE_URL was set keeps working: at start, images found in
 * it that the table lacks are copied in (no owner known), so every process serves them, and the
 * files stay where they are. Returns how many were copied.
 */
export async function copyDiskImagesToDatabase(db: Db, dataDir: string): Promise<number> {
  let names: string[];
  try {
    names = (await readdir(uploadsDir(dataDir))).filter((n) => STORED_NAME.test(n));
  } catch (error) {
    if (isMissing(error)) return 0;
    throw error;
  }
  const stored = await findStoredNames(db, names);
  let copied = 0;
  for (const name of names.filter((n) => !stored.has(n))) {
    const bytes = await readFile(join(uploadsDir(dataDir), name));
    await insertCopiedImage(db, { name, merchantId: null, contentType: contentTypeOf(name), bytes });
    copied += 1;
  }
  return copied;
}
