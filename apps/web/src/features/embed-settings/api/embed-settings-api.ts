// Embed settings (spec 7: GET|POST /auth/embed-data/, POST /auth/embed-token/): allowed parent
// domains and segments, and the embed token the parent page puts in the iframe URL.
import type { EmbedDataBody, EmbedDetails, embedTokenResult } from '@kassa/contract/embed';
import useSWR from 'swr';
import type { z } from 'zod';
import { apiPost } from '../../../lib/api-client.ts';

export const EMBED_DATA_PATH = '/auth/embed-data/';

/** spec 3 "Embed details": a list whose first element is used. */
export const useEmbedDetails = () => useSWR<EmbedDetails[]>(EMBED_DATA_PATH, { revalidateOnFocus: false });

export const saveEmbedSettings = (body: EmbedDataBody) => apiPost<EmbedDetails>(EMBED_DATA_PATH, body);

export const regenerateEmbedToken = () => apiPost<z.infer<typeof embedTokenResult>>('/auth/embed-token/');
