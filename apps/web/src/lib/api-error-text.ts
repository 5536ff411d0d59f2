// The API's error envelope in the portal's language (docs/i18n.md). The API keeps English messages for
// its API users; the portal shows, in order: the catalogue's text for a message it knows word for word
// (sign-in, second factors, sessions), a field message in `validation.*`, the envelope code's own text
// where the code alone says what happened (not found, forbidden, rate limited…), and otherwise the
// API's English message, which is more precise than any text a code could give (business rules, conflicts).
// An amount in a sentence ("At most $5.00") is said again with Intl in the reader's language, and a webhook
// URL's refusal keeps its hint on trying webhooks locally, translated.
import type { ErrorCode } from '@kassa/contract/common';
import { DECLINE_CODES, type DeclineCode } from '@kassa/contract/declines';
import { parseEnglishMoney } from '@kassa/contract/english-money';
import { PROCESSOR_DECLINE_SENTENCES } from '@kassa/contract/i18n/buyer-error-keys';
import { type ApiErrorsKey, apiErrorsEn } from '@kassa/contract/i18n/catalogues/portal/api-errors.en';
import type { MessageValues } from '@kassa/contract/i18n/translate';
import { formatMoney } from '@kassa/contract/money';
import { LOCAL_RECEIVER_HINT } from '@kassa/contract/webhooks';
import { localReceiverHint } from './contract-texts.ts';
import { englishMessageKeys } from './english-message-keys.ts';
import type { I18n } from './i18n.tsx';
import { validationText } from './validation-text.ts';

const isMoneyKey = (key: string) => key.startsWith('apiError.money.');
const catalogueOf = (keep: (key: string) => boolean) =>
  Object.fromEntries(Object.entries(apiErrorsEn).filter(([key]) => keep(key))) as Record<ApiErrorsKey, string>;

// The money sentences match only when their `{amount}` is an amount: "At most 100 characters" is a
// validation message, not a refund's limit.
const knownMessage = englishMessageKeys(catalogueOf((key) => !isMoneyKey(key)));
const moneyMessage = englishMessageKeys(catalogueOf(isMoneyKey));
/** What a refused webhook address is ("a private network address"), said inside the refusal's sentence. */
const addressKind = englishMessageKeys(catalogueOf((key) => key.startsWith('apiError.webhookUrl.address.')));
/** The API appends how to try webhooks locally to a webhook URL's refusal (ssrf-guard.ts). */
const HINT_SUFFIX = ` ${LOCAL_RECEIVER_HINT}`;

/** "That code is not correct. 2 tries left." — a plural, which a placeholder cannot match. */
const TRIES_LEFT = /^That code is not correct\. (\d+) tr(?:y|ies) left\.$/;

/** merchant-update.service.ts: "Acme still has 2 sub-merchants. Remove them first." */
const SUB_MERCHANTS_LEFT = /^(.+) still has (\d+) sub-merchants?\. Remove them first\.$/;

/** industry-types.service.ts: '"Retail" is used by 2 merchants and 1 financial connection and cannot be deleted.' */
const INDUSTRY_TYPE_USED =
  /^"(.+)" is used by (?:(\d+) merchants?)?(?: and )?(?:(\d+) financial connections?)? and cannot be deleted\.$/;

/** A sentence whose counts are plurals the catalogue words with ICU (no placeholder can match them), else null. */
function pluralText(message: string, { t }: I18n): string | null {
  const subs = SUB_MERCHANTS_LEFT.exec(message);
  if (subs) return t('apiError.subMerchantsLeft', { name: subs[1]!, count: Number(subs[2]) });
  const used = INDUSTRY_TYPE_USED.exec(message);
  if (!used || (!used[2] && !used[3])) return null;
  const [, name, merchants, connections] = used;
  const counts = { name: name!, merchants: Number(merchants ?? 0), connections: Number(connections ?? 0) };
  if (merchants && connections) return t('apiError.industryTypeUsed.both', counts);
  return t(merchants ? 'apiError.industryTypeUsed.merchants' : 'apiError.industryTypeUsed.connections', counts);
}

const CODES_WITH_TEXT = new Set<string>([
  'invalid_input',
  'unauthorized',
  'forbidden',
  'second_factor_required',
  'not_found',
  'payload_too_large',
  'rate_limited',
  'internal',
] satisfies ErrorCode[]);

/** The client's own failures (no answer from the server), worded before any envelope exists. */
export type NetworkFailure = 'timeout' | 'network_error' | 'offline';
const NETWORK_KEY = { timeout: 'apiError.timeout', network_error: 'apiError.network', offline: 'apiError.offline' };
export const networkFailureText = (failure: NetworkFailure, { t }: I18n) => t(NETWORK_KEY[failure]);

/** An amount sentence ("At most $5.00") with the amount formatted for the reader, else null. */
function moneyText(message: string, { locale, t }: I18n): string | null {
  const found = moneyMessage(message);
  const money = found && parseEnglishMoney(String(found.values.amount));
  return found && money ? t(found.key, { amount: formatMoney(money.minor, money.currency, locale) }) : null;
}

/** A sentence's values in the reader's language where the catalogue words them (a webhook address's kind). */
function translatedValues(values: MessageValues, { t }: I18n): MessageValues {
  const address = typeof values.address === 'string' ? addressKind(values.address) : null;
  return address ? { ...values, address: t(address.key) } : values;
}

/** A message the portal knows (an API sentence, a validation message) in the user's language, else null. */
function knownText(message: string, i18n: I18n): string | null {
  if (message.endsWith(HINT_SUFFIX)) {
    const sentence = knownText(message.slice(0, -HINT_SUFFIX.length), i18n);
    return sentence && `${sentence} ${localReceiverHint(i18n.t)}`;
  }
  const money = moneyText(message, i18n);
  if (money) return money;
  const known = knownMessage(message);
  if (known) return i18n.t(known.key, translatedValues(known.values, i18n));
  const tries = TRIES_LEFT.exec(message);
  if (tries) return i18n.t('apiError.wrongCodeTries', { tries: Number(tries[1]) });
  const plural = pluralText(message, i18n);
  if (plural) return plural;
  const field = validationText(message, i18n);
  return field === message ? null : field;
}

/** A field error of the envelope (`errors[].message`), shown under its field. */
export const fieldErrorText = (message: string, i18n: I18n): string =>
  i18n.locale === 'en' ? message : (knownText(message, i18n) ?? message);

export function apiErrorText(message: string, code: string, i18n: I18n): string {
  if (code in NETWORK_KEY) return networkFailureText(code as NetworkFailure, i18n);
  if (i18n.locale === 'en') return message;
  return knownText(message, i18n) ?? (CODES_WITH_TEXT.has(code) ? i18n.t(`apiError.code.${code}`) : message);
}

/**
 * Why a payment was declined: the processor's words in English, else Kassa's own sentence or the decline code's
 * text (declines.ts), the
 * code of the processor's known sentence when the payment has none (buyer-error-keys.ts), else a decline said in
 * the user's language with the processor's own words quoted, never those words alone.
 */
export function declineReason(code: DeclineCode | null, reason: string, { locale, t }: I18n): string {
  if (locale === 'en') return reason;
  // Kassa's own words for a payment that failed (replaced, interrupted, a link e-mailed) say more than a code.
  const own = knownMessage(reason);
  if (own?.key.startsWith('apiError.failure.')) return t(own.key);
  const known = code ?? sentenceCode(reason);
  return known ? t(`apiError.decline.${known}`) : t('apiError.decline.other', { reason });
}

/** The decline code a processor's fixed sentence stands for, where its text is a decline code's. */
function sentenceCode(reason: string): DeclineCode | null {
  const key = Object.hasOwn(PROCESSOR_DECLINE_SENTENCES, reason) ? PROCESSOR_DECLINE_SENTENCES[reason]! : null;
  const code = key?.slice('decline.'.length);
  return code && (DECLINE_CODES as readonly string[]).includes(code) ? (code as DeclineCode) : null;
}
