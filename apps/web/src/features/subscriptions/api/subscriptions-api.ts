// Subscription, price and test clock calls (docs/merchant-api.md "Prices, subscriptions and test clocks").
import type { Page } from '@kassa/contract/common';
import type { Price, PriceCreate } from '@kassa/contract/prices';
import type { SubscriptionMetrics } from '@kassa/contract/subscription-metrics';
import type {
  BillingSettings,
  ProrationPreview,
  Subscription,
  SubscriptionCreate,
  SubscriptionDetail,
} from '@kassa/contract/subscriptions';
import type { ClockHappening, TestClock } from '@kassa/contract/test-clocks';
import useSWR from 'swr';
import { apiPatch, apiPost, apiPut } from '../../../lib/api-client.ts';

const subscriptionPath = (id: string) => `/subscription/${encodeURIComponent(id)}/`;

export const useSubscriptions = (query: string) =>
  useSWR<Page<Subscription>>(`/subscription/${query}`, { keepPreviousData: true });
export const useSubscriptionMetrics = (mode: string) =>
  useSWR<SubscriptionMetrics>(`/subscription/metrics/?mode=${encodeURIComponent(mode)}`);
export const useSubscription = (id: string | undefined) => useSWR<SubscriptionDetail>(id ? subscriptionPath(id) : null);

export const createSubscription = (body: Partial<SubscriptionCreate>) =>
  apiPost<SubscriptionDetail>('/subscription/', body);
export const cancelSubscription = (id: string, atPeriodEnd: boolean) =>
  apiPost<SubscriptionDetail>(`${subscriptionPath(id)}cancel/`, { at_period_end: atPeriodEnd });
export const pauseSubscription = (id: string) => apiPost<SubscriptionDetail>(`${subscriptionPath(id)}pause/`);
export const resumeSubscription = (id: string) => apiPost<SubscriptionDetail>(`${subscriptionPath(id)}resume/`);

export interface SubscriptionChange {
  subscription: Subscription;
  proration: ProrationPreview;
  invoice_id: string | null;
}
export const changeSubscription = (
  id: string,
  body: { price_id?: string; quantity?: number; proration_behavior?: string; preview?: boolean },
) => apiPatch<SubscriptionChange>(subscriptionPath(id), body);

export const useRecurringPrices = (mode: string) =>
  useSWR<Page<Price>>(`/price/?recurring=true&active=true&mode=${mode}&page_size=100`);
export const useProductPrices = (productId: string | null) =>
  useSWR<Page<Price>>(productId ? `/price/?product_id=${encodeURIComponent(productId)}&page_size=100` : null);
export const createPrice = (body: Partial<PriceCreate>) => apiPost<Price>('/price/', body);
export const archivePrice = (id: string) => apiPatch<Price>(`/price/${encodeURIComponent(id)}/`, { active: false });

export const useTestClocks = () => useSWR<Page<TestClock>>('/test-clock/?page_size=100');
export const createTestClock = (body: { frozen_time: string; name?: string }) =>
  apiPost<TestClock>('/test-clock/', body);
export const advanceTestClock = (id: string, frozenTime: string) =>
  apiPost<TestClock & { happened: ClockHappening[] }>(`/test-clock/${encodeURIComponent(id)}/advance/`, {
    frozen_time: frozenTime,
  });

export const useBillingSettings = () => useSWR<BillingSettings>('/subscription/billing-settings/');
export const saveBillingSettings = (body: BillingSettings) =>
  apiPut<BillingSettings>('/subscription/billing-settings/', body);
