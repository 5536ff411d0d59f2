// Uploaded images on disk under <data dir>/uploads/ (docs/ARCHITECTURE.md: an S3-compatible store can
// replace this adapter later). Names are random UUIDs: nothing from the client reaches the file system.
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { UPLOADS_PATH } from '@kassa/contract/products';
import type { ImageKind } from './image-type.ts';

export const STORED_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg|webp)$/;

const uploadsDir = (dataDir: string) => join(dataDir, 'uploads');

/** Stores the bytes and returns the URL path the image is served at. */
export async function storeImage(dataDir: string, bytes: Buffer, kind: ImageKind): Promise<string> {
  const name = `${crypto.randomUUID()}.${kind.ext}`;
  await mkdir(uploadsDir(dataDir), { recursive: true });
  await writeFile(join(uploadsDir(dataDir), name), bytes, { flag: 'wx' });
  return `${UPLOADS_PATH}${name}`;
}

/** The stored bytes, or null for a name that is not one of ours or no longer exists. */
export async function readImage(dataDir: string, name: string): Promise<Buffer | null> {
  if (!STORED_NAME.test(name)) return null;
  try {
    return await readFile(join(uploadsDir(dataDir), name));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** Whether `url` is the path of an image stored here (a logo must have been uploaded first). */
export async function isStoredImage(dataDir: string, url: string): Promise<boolean> {
  if (!url.startsWith(UPLOADS_PATH)) return false;
  const name = url.slice(UPLOADS_PATH.length);
  if (!STORED_NAME.test(name)) return false;
  try {
    return (await stat(join(uploadsDir(dataDir), name))).isFile();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}
