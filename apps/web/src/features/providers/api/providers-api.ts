// Every merchant's provider connections (spec 2.1 All configured providers; issue 3, item 8).
import type { Page } from '@kassa/contract/common';
import type { AdminProviderConnection } from '@kassa/contract/merchants';
import useSWR from 'swr';

export const PROVIDER_CONNECTIONS_PATH = '/admin/provider-connections/';

export const useProviderConnections = (query: string) =>
  useSWR<Page<AdminProviderConnection>>(`${PROVIDER_CONNECTIONS_PATH}${query}`, { keepPreviousData: true });
