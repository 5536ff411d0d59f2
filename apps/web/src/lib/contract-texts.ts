// Texts the contract or the API supply in English (a scope's description, a webhook event's, a provider's,
// an audit action's name, a status code), in the portal's language: by the catalogue key their code names
// (contract-texts.<locale>.ts, docs/i18n.md), and as the source wrote them when the catalogue has none
// (a provider or an action added later).
import type { ProviderInfo } from '@kassa/contract/connections';
import type { ApiKeyScope } from '@kassa/contract/developers';
import { type ContractTextsKey, contractTextsEn } from '@kassa/contract/i18n/catalogues/portal/contract-texts.en';
import type { Translate } from '@kassa/contract/i18n/translate';
import { LOCAL_RECEIVER, type WebhookEventType } from '@kassa/contract/webhooks';
import { englishMessageKeys } from './english-message-keys.ts';

const isKey = (key: string): key is ContractTextsKey => Object.hasOwn(contractTextsEn, key);
const textOf = (key: string, english: string, t: Translate) => (isKey(key) ? t(key) : english);

/** "products:read" → its description ("List and read products"). */
export const scopeDescription = (scope: ApiKeyScope, t: Translate) => t(`developers.scope.${scope.replace(':', '.')}`);

/** How to try webhooks on this machine (the contract's LOCAL_RECEIVER_HINT). */
export const localReceiverHint = (t: Translate) => t('developers.localReceiverHint', LOCAL_RECEIVER);

export const webhookEventDescription = (type: WebhookEventType, t: Translate) => t(`developers.event.${type}`);

export const providerDescription = (provider: ProviderInfo, t: Translate) =>
  textOf(`paymentConnections.providerText.${provider.id}`, provider.description, t);

export const credentialLabel = (field: { name: string; label: string }, t: Translate) =>
  textOf(`paymentConnections.credentialLabel.${field.name}`, field.label, t);

/**
 * A credential field's placeholder where it is words ("TEST or LIVE"); a sample value ("sk_test_…") and a
 * placeholder worded otherwise than the catalogue's (another provider's field of that name) stay as they are.
 */
export function credentialPlaceholder(field: { name: string; placeholder: string | null }, t: Translate) {
  const key = `paymentConnections.credentialPlaceholder.${field.name}`;
  return isKey(key) && contractTextsEn[key] === field.placeholder ? t(key) : field.placeholder;
}

/** An audit action's name; `english` is the contract's (AUDIT_ACTION_LABEL) or the action itself. */
export const auditActionName = (action: string, english: string, t: Translate) =>
  textOf(`audit.action.${action}`, english, t);

/** A provider connection's credential check (verified, unverified, failed). */
export const providerStatusLabel = (status: string, english: string, t: Translate) =>
  textOf(`components.providerStatus.${status}`, english, t);

/** Where a payment came from (checkout, virtual_terminal…). */
export const transactionSourceLabel = (source: string, t: Translate) =>
  textOf(`transactions.source.${source}`, source.replaceAll('_', ' '), t);

/** The anti-fraud rules' decision (approve, review, decline). */
export const fraudDecisionLabel = (decision: string, t: Translate) =>
  textOf(`transactions.fraudDecision.${decision}`, decision, t);

const fraudReasonKey = englishMessageKeys(
  Object.fromEntries(
    Object.entries(contractTextsEn).filter(([key]) => key.startsWith('transactions.fraudReason.')),
  ) as Record<ContractTextsKey, string>,
);

/** Why the anti-fraud rules flagged a payment, kept as the engine worded it in English (`fraud_reasons`). */
export function fraudReasonText(reason: string, t: Translate) {
  const found = fraudReasonKey(reason);
  return found ? t(found.key, found.values) : reason;
}
