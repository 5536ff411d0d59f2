// The webhooks section of the Developers page: endpoints, their deliveries and Retry. Built by the
// webhooks work (webhooks-*.tsx in this folder); until then it renders nothing, and the page already
// places it under the API keys.
export function DevelopersWebhooksSection() {
  return null;
}
