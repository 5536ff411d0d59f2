// Embed settings (docs/product-rules.md#api-calls: GET|POST /auth/embed-data/): allowed parent domains and segments. The parent
// page opens the portal with one-time embed sessions its server mints with an API key.
import type { EmbedDataBody, EmbedDetails } from '@kassa/contract/embed';
import useSWR from 'swr';
import { apiPost } from '../../../lib/api-client.ts';

export const EMBED_DATA_PATH = '/auth/embed-data/';

/** docs/product-rules.md#entities "Embed details": a list whose first element is used. */
export const useEmbedDetails = () => useSWR<EmbedDetails[]>(EMBED_DATA_PATH, { revalidateOnFocus: false });

export const saveEmbedSettings = (body: EmbedDataBody) => apiPost<EmbedDetails>(EMBED_DATA_PATH, body);
