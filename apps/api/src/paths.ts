// Where the API finds its files on disk, from sources (apps/api/src, run through tsx or vitest) and
// from the build (apps/api/dist, `npm start`): both sit one level below apps/api, and this module is
// bundled into apps/api/dist's files, so one relative step serves both (docs/ARCHITECTURE.md#build-and-start).
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const API_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const REPO_ROOT = resolve(API_ROOT, '../..');
