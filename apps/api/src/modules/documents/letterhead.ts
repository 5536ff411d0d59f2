// The merchant as its documents present it: name, postal address, contact, tax id and logo.
import { formatInternational } from '@kassa/contract/phone';
import type { AppContext } from '../../context.ts';
import { readStoredImage } from '../uploads/uploads.service.ts';
import { findLetterheadRow } from './documents.queries.ts';
import type { Letterhead } from './pdf-document.ts';

export async function merchantLetterhead(ctx: AppContext, merchantId: string): Promise<Letterhead> {
  const row = await findLetterheadRow(ctx.db, merchantId);
  if (!row) return { name: '', addressLines: [], email: null, phone: null, taxId: null, logo: null };
  const cityLine = [row.city, [row.state, row.zipCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  const logo = await readStoredImage(ctx, row.logo);
  return {
    name: row.name,
    addressLines: [row.address, cityLine, row.country].filter(Boolean),
    email: row.email,
    // Stored as E.164; printed the way people write it.
    phone: row.phone ? formatInternational(row.phone, row.country) : null,
    taxId: row.taxId,
    logo,
  };
}
