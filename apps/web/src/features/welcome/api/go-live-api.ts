// What the welcome checklist reads: the business profile, the provider connections and whether a
// product exists. A call the user may not make (403) or an API not there (404) counts as "not done".
import type { MerchantProfile } from '@kassa/contract/auth';
import type { Page } from '@kassa/contract/common';
import type { ConnectionView } from '@kassa/contract/connections';
import type { Product } from '@kassa/contract/products';
import useSWR from 'swr';
import { apiGet, apiPost } from '../../../lib/api-client.ts';

const orNull = <T>(path: string) =>
  apiGet<T>(path).then(
    (r) => r.result,
    () => null,
  );

const swrOptions = { revalidateOnFocus: false } as const;

export const useProfileForWelcome = () =>
  useSWR('/auth/merchant-profile/', () => orNull<MerchantProfile>('/auth/merchant-profile/'), swrOptions);
export const useConnectionsForWelcome = () =>
  useSWR(
    '/connection/merchant-connection/',
    () => orNull<ConnectionView[]>('/connection/merchant-connection/'),
    swrOptions,
  );
export const useProductCountForWelcome = () =>
  useSWR('/product/?page=1&page_size=1', () => orNull<Page<Product>>('/product/?page=1&page_size=1'), swrOptions);

/** How many payments the merchant has taken (through the sandbox when no service is connected). */
export const usePaymentCountForWelcome = () =>
  useSWR(
    'welcome:payment-count',
    () =>
      apiPost<Page<unknown>>('/transaction/transaction-details/', { page: 1, page_size: 1 }).then(
        (r) => r.result.count,
        () => null,
      ),
    swrOptions,
  );
