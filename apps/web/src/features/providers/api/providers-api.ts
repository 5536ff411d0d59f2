// Every merchant's provider connections (docs/product-rules.md#routes All configured providers).
import type { Page } from '@kassa/contract/common';
import type { AdminProviderConnection } from '@kassa/contract/merchants';
import useSWR from 'swr';

export const PROVIDER_CONNECTIONS_PATH = '/admin/provider-connections/';

export const useProviderConnections = (query: string) =>
  useSWR<Page<AdminProviderConnection>>(`${PROVIDER_CONNECTIONS_PATH}${query}`, { keepPreviousData: true });
