// Webhook endpoints of the signed-in merchant: /developers/webhook-endpoints/ and its sub-routes.
import type { PaymentModeName } from '@kassa/contract/transactions';
import type {
  CreateWebhookEndpointBody,
  UpdateWebhookEndpointBody,
  WebhookDelivery,
  WebhookDeliveryPage,
  WebhookEndpoint,
  WebhookEndpointWithSecret,
} from '@kassa/contract/webhooks';
import useSWR from 'swr';
import { apiDelete, apiPatch, apiPost } from '../../../lib/api-client.ts';

export const WEBHOOK_ENDPOINTS_PATH = '/developers/webhook-endpoints/';
const endpointPath = (id: string) => `${WEBHOOK_ENDPOINTS_PATH}${id}/`;
export const DELIVERIES_PAGE_SIZE = 10;

/** The endpoints of one mode: the header's Test mode switch picks which, as on the other pages. */
export const webhookEndpointsKey = (mode: PaymentModeName) => `${WEBHOOK_ENDPOINTS_PATH}?mode=${mode}`;
export const useWebhookEndpoints = (mode: PaymentModeName) => useSWR<WebhookEndpoint[]>(webhookEndpointsKey(mode));

export const useWebhookDeliveries = (id: string, page: number) =>
  useSWR<WebhookDeliveryPage>(`${endpointPath(id)}deliveries/?page=${page}&page_size=${DELIVERIES_PAGE_SIZE}`);

export const createWebhookEndpoint = (body: CreateWebhookEndpointBody) =>
  apiPost<WebhookEndpointWithSecret>(WEBHOOK_ENDPOINTS_PATH, body);
export const updateWebhookEndpoint = (id: string, body: UpdateWebhookEndpointBody) =>
  apiPatch<WebhookEndpoint>(endpointPath(id), body);
export const deleteWebhookEndpoint = (id: string) => apiDelete<null>(endpointPath(id));
export const rollWebhookSecret = (id: string) => apiPost<WebhookEndpointWithSecret>(`${endpointPath(id)}roll-secret/`);
export const sendWebhookTest = (id: string) => apiPost<WebhookDelivery>(`${endpointPath(id)}test/`);
export const retryWebhookDelivery = (id: string, deliveryId: string) =>
  apiPost<WebhookDelivery>(`${endpointPath(id)}deliveries/${deliveryId}/retry/`);
