// The built browser files of @kassa/widget (packages/widget/dist, made by `npm run build`): the
// widget merchants embed and the scripts and styles of the two hosted pages. Read from disk with a
// content hash, re-read when the file changes (a rebuild while the server runs), and reported as
// missing rather than crashing on a fresh clone that was never built.
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../../paths.ts';

export const WIDGET_DIST_DIR = join(REPO_ROOT, 'packages/widget/dist');

export const ASSET_NAMES = ['widget.js', 'fields.js', 'fields.css', 'approval.js', 'approval.css'] as const;
export type AssetName = (typeof ASSET_NAMES)[number];

export interface Asset {
  body: Buffer;
  /** First 16 hex digits of the SHA-256 of the file: the `?v=` of the pages' links and the ETag. */
  hash: string;
}

export interface AssetStore {
  get(name: AssetName): Asset | null;
}

export function createAssetStore(distDir: string): AssetStore {
  const cache = new Map<AssetName, Asset & { mtimeMs: number; size: number }>();
  return {
    get(name) {
      const path = join(distDir, name);
      let stats: { mtimeMs: number; size: number };
      try {
        stats = statSync(path);
      } catch {
        cache.delete(name);
        return null;
      }
      const cached = cache.get(name);
      if (cached && cached.mtimeMs === stats.mtimeMs && cached.size === stats.size) return cached;
      const body = readFileSync(path);
      const asset = {
        body,
        hash: createHash('sha256').update(body).digest('hex').slice(0, 16),
        mtimeMs: stats.mtimeMs,
        size: stats.size,
      };
      cache.set(name, asset);
      return asset;
    },
  };
}
