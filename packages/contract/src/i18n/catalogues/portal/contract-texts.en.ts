// Texts the contract and the API supply in English, as the portal shows them in the user's language (docs/i18n.md):
// an API key scope's description (developers.ts), a webhook event's (webhooks.ts), a provider's description and its
// credential fields' labels (the API's provider registry), and audit action names (audit.ts). Each English text is
// the source's own word for word; contract-texts.test.ts checks they stay so and that none is missing.
export const contractTextsEn = {
  'developers.scope.products.read': 'List and read products',
  'developers.scope.products.write': 'Create, change and delete products',
  'developers.scope.payment_links.read': 'List and read quick payments (payment links)',
  'developers.scope.payment_links.write': 'Create, change and delete quick payments (payment links)',
  'developers.scope.invoices.read': 'List and read invoices',
  'developers.scope.invoices.write': 'Create, send, change and delete invoices',
  'developers.scope.customers.read': 'List and read customers of the key’s mode',
  'developers.scope.customers.write': 'Create, change and delete customers of the key’s mode',
  'developers.scope.prices.read': 'List and read prices of the key’s mode',
  'developers.scope.prices.write': 'Create and archive prices of the key’s mode',
  'developers.scope.subscriptions.read': 'List and read subscriptions and test clocks of the key’s mode',
  'developers.scope.subscriptions.write':
    'Create, change, pause, resume and cancel subscriptions, and run test clocks (test keys)',
  'developers.scope.transactions.read': 'List, export and read transactions of the key’s mode',
  'developers.scope.payments.write': 'Charge customers’ saved cards of the key’s mode (merchant-initiated payments)',
  'developers.scope.refunds.write': 'Refund, capture and void transactions of the key’s mode',
  'developers.scope.webhooks.write': 'Manage webhook endpoints and their deliveries',
  'developers.scope.embed.write': 'Mint one-time sessions for the embedded portal',
  'developers.localReceiverHint':
    'To try webhooks on this machine, start Kassa with {setting} and use a receiver at {url}, then press Send test event.',
  'developers.event.payment.succeeded': 'A payment was captured when it was made.',
  'developers.event.payment.failed': 'A payment was declined or failed.',
  'developers.event.payment.refunded':
    'A refund was made (one event per refund), with the refund amount and the new totals.',
  'developers.event.payment.captured': 'An authorized payment was captured (all or part).',
  'developers.event.payment.voided': 'An authorized payment was voided; the buyer was not charged.',
  'developers.event.invoice.created':
    'An invoice was made by a recurring invoice (each occurrence) or a subscription (each period), before it is sent or charged.',
  'developers.event.invoice.sent': 'An invoice was sent to its customer.',
  'developers.event.invoice.partially_paid':
    'A part of an invoice was paid (a deposit or a partial payment); a balance remains.',
  'developers.event.invoice.paid': 'An invoice was paid: its balance due reached zero.',
  'developers.event.invoice.voided': 'A sent invoice was voided; its link no longer works.',
  'developers.event.customer.created': 'A customer was created.',
  'developers.event.customer.updated': 'A customer’s details were changed.',
  'developers.event.customer.deleted': 'A customer was deleted.',
  'developers.event.payment_method.attached': 'A card was saved for a customer.',
  'developers.event.payment_method.detached': 'A saved card was removed from a customer.',
  'developers.event.subscription.created': 'A subscription was created.',
  'developers.event.subscription.updated': 'A subscription changed: status, price, quantity, period or card.',
  'developers.event.subscription.canceled': 'A subscription ended.',
  'developers.event.subscription.past_due':
    'A renewal of a subscription failed; retries follow the merchant’s schedule.',
  'developers.event.customer.subscription.trial_will_end': 'A subscription’s trial ends in three days.',
  'developers.event.invoice.payment_failed': 'A charge of a subscription’s invoice failed (each try sends one).',
  'developers.event.test.ping': 'Sent by "Send test"; only to the endpoint tested.',
  'paymentConnections.providerText.sandbox':
    'Test-mode card processor with the documented test cards. No real money moves.',
  'paymentConnections.providerText.sandbox_gift_card':
    'Gift cards with a code, a PIN and a balance; partial redemption.',
  'paymentConnections.providerText.sandbox_wallet':
    'A wallet / bank-redirect method: the buyer approves each payment on an approval page.',
  'paymentConnections.providerText.sandbox_anti_fraud':
    'Velocity per card and e-mail, amount ceiling and country checks: approve, review or decline.',
  'paymentConnections.providerText.stripe':
    'Cards through Stripe PaymentIntents: authorize and capture, refunds, 3-D Secure, disputes by webhook. Test or live by the key.',
  'paymentConnections.providerText.adyen':
    'Card payments through Adyen Checkout: authorise and capture later, refunds, 3-D Secure, signed webhooks.',
  'paymentConnections.credentialLabel.account_id': 'Account ID',
  'paymentConnections.credentialLabel.secret_key': 'Secret key',
  'paymentConnections.credentialLabel.merchant_id': 'Wallet merchant ID',
  'paymentConnections.credentialLabel.webhook_secret': 'Webhook signing secret (optional)',
  'paymentConnections.credentialLabel.api_key': 'API key',
  'paymentConnections.credentialLabel.merchant_account': 'Merchant account',
  'paymentConnections.credentialLabel.environment': 'Environment',
  'paymentConnections.credentialLabel.hmac_key': 'Webhook HMAC key',
  'paymentConnections.credentialLabel.live_endpoint_prefix': 'Live endpoint prefix (LIVE only)',
  'audit.action.admin_user.created': 'Staff admin created',
  'audit.action.admin_user.updated': 'Staff admin changed',
  'audit.action.product.activated': 'Product activated',
  'audit.action.product.deactivated': 'Product deactivated',
  'audit.action.industry_type.created': 'Industry type created',
  'audit.action.industry_type.updated': 'Industry type changed',
  'audit.action.industry_type.deleted': 'Industry type deleted',
  'audit.action.transaction.refund': 'Refund',
  'audit.action.user.invited': 'User invited',
  'audit.action.user.updated': 'User changed',
  'audit.action.user.disabled': 'User disabled',
  'audit.action.user.access_updated': 'User access changed',
  'audit.action.password.invite_accepted': 'Invitation accepted',
  'audit.action.password.reset': 'Password reset',
  'audit.action.password.changed': 'Password changed',
  'audit.action.api_key.created': 'API key created',
  'audit.action.api_key.rolled': 'API key rolled',
  'audit.action.api_key.deleted': 'API key deleted',
  'audit.action.api_key.request': 'Change made with an API key',
  'audit.action.embed.session_minted': 'Embed session made',
  'audit.action.embed.session_started': 'Embedded portal opened',
} as const;

export type ContractTextsKey = keyof typeof contractTextsEn;
