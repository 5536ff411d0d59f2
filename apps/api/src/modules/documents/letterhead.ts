// The merchant as its documents present it: name, postal address, contact, tax id and logo.
import { UPLOADS_PATH } from '@kassa/contract/products';
import type { AppContext } from '../../context.ts';
import { readImage } from '../uploads/image-store.ts';
import { findLetterheadRow } from './documents.queries.ts';
import type { Letterhead } from './pdf-document.ts';

export async function merchantLetterhead(ctx: AppContext, merchantId: string): Promise<Letterhead> {
  const row = await findLetterheadRow(ctx.db, merchantId);
  if (!row) return { name: '', addressLines: [], email: null, phone: null, taxId: null, logo: null };
  const cityLine = [row.city, [row.state, row.zipCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  const logo = row.logo?.startsWith(UPLOADS_PATH)
    ? await readImage(ctx.config.dataDir, row.logo.slice(UPLOADS_PATH.length))
    : null;
  return {
    name: row.name,
    addressLines: [row.address, cityLine, row.country].filter(Boolean),
    email: row.email,
    phone: row.phone,
    taxId: row.taxId,
    logo,
  };
}
