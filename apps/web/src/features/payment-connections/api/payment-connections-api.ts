// Payment connections (docs/product-rules.md#api-calls; docs/ARCHITECTURE.md "Provider connections"): the providers of a kind, the
// merchant's connections of that kind, and the credential check. Credentials only come back masked.
import type { Page } from '@kassa/contract/common';
import type {
  ConnectionKind,
  ConnectionView,
  CreateConnectionBody,
  GiftCardView,
  IssueGiftCardBody,
  issuedGiftCard,
  ProviderInfo,
  UpdateConnectionBody,
  VerifyCredentialsBody,
  verifyCredentialsResult,
} from '@kassa/contract/connections';
import useSWR from 'swr';
import type { z } from 'zod';
import { apiDelete, apiPatch, apiPost } from '../../../lib/api-client.ts';

export const CONNECTIONS_PATH = '/connection/merchant-connection/';
export const PROVIDERS_PATH = '/connection/providers/';
export const VERIFY_PATH = '/connection/verify-connection-credentials/';
export const GIFT_CARDS_PATH = '/gift-card/';

const itemPath = (id: string) => `${CONNECTIONS_PATH}${encodeURIComponent(id)}/`;

export type VerifyResult = z.infer<typeof verifyCredentialsResult>;
export type IssuedGiftCard = z.infer<typeof issuedGiftCard>;

export const useProviders = (kind: ConnectionKind) =>
  useSWR<ProviderInfo[]>(`${PROVIDERS_PATH}?kind=${kind}`, { revalidateOnFocus: false });

export const useConnections = (kind: ConnectionKind) => useSWR<ConnectionView[]>(`${CONNECTIONS_PATH}?kind=${kind}`);

export const createConnection = (body: CreateConnectionBody) => apiPost<ConnectionView>(CONNECTIONS_PATH, body);
export const updateConnection = (id: string, body: UpdateConnectionBody) =>
  apiPatch<ConnectionView>(itemPath(id), body);
export const deleteConnection = (id: string) => apiDelete<null>(itemPath(id));

/** docs/product-rules.md#api-calls: the page reads status, result and message; a failure rejects with the provider's message. */
export const verifyCredentials = (body: VerifyCredentialsBody) => apiPost<VerifyResult>(VERIFY_PATH, body);

export const useGiftCards = (query: string) =>
  useSWR<Page<GiftCardView>>(`${GIFT_CARDS_PATH}${query}`, { keepPreviousData: true });
export const issueGiftCard = (body: IssueGiftCardBody) => apiPost<IssuedGiftCard>(GIFT_CARDS_PATH, body);
