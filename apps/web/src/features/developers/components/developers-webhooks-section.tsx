// The webhooks section of the Developers page, under the API keys: endpoints, their deliveries and
// Retry (webhooks-section.tsx).
import { WebhooksSection } from '../webhooks-section.tsx';

export function DevelopersWebhooksSection() {
  return <WebhooksSection />;
}
