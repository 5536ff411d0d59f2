// The hub sections a parent site may open (docs/product-rules.md#entities access codes, EMBED_SEGMENTS), named as the
// sidebar names them, in the reader's language.
import { EMBED_SEGMENTS } from '@kassa/contract/access';
import type { Translate } from '@kassa/contract/i18n/translate';
import { appLabel } from '../../lib/portal-labels.ts';

export type EmbedSegmentCode = (typeof EMBED_SEGMENTS)[number];

export const segmentOptions = (t: Translate) =>
  EMBED_SEGMENTS.map((code) => ({
    code,
    label: appLabel(t, code),
    hint: t(`embedSettings.hint.${code}`),
  }));
