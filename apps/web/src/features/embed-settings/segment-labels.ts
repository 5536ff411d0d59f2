// The hub sections a parent site may open (docs/product-rules.md#entities access codes, EMBED_SEGMENTS), named as the
// sidebar names them.
import { APPS, EMBED_SEGMENTS } from '@kassa/contract/access';

export type EmbedSegmentCode = (typeof EMBED_SEGMENTS)[number];

const HINTS: Record<EmbedSegmentCode, string> = {
  DASH: 'Sales overview',
  VT: 'Take a card payment by hand',
  PR: 'Products and their checkout links',
  PCON: 'Payment service, gift cards, wallet, anti-fraud',
  QP: 'Payment links for a fixed amount',
  INV: 'Create and send invoices',
  FCON: 'Financing Hub partners',
};

export const SEGMENT_OPTIONS = EMBED_SEGMENTS.map((code) => ({
  code,
  label: APPS.find((app) => app.code === code)?.name ?? code,
  hint: HINTS[code],
}));
