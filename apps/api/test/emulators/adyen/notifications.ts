// Adyen's standard webhook (JSON): one NotificationRequestItem per event, each signed with the
// merchant's HMAC key as docs.adyen.com "Verify HMAC signatures" describes — HMAC-SHA256 over
// pspReference:originalReference:merchantAccountCode:merchantReference:value:currency:eventCode:success
// (an absent field is an empty string), keyed with the hex-decoded key, base64 in
// additionalData.hmacSignature. Written here from the documentation, independently of the SDK the
// connector uses to verify it.
import { createHmac } from 'node:crypto';

export interface NotificationItem {
  additionalData?: Record<string, string>;
  amount: { currency: string; value: number };
  eventCode: string;
  eventDate: string;
  merchantAccountCode: string;
  merchantReference: string;
  originalReference?: string;
  paymentMethod?: string;
  pspReference: string;
  reason?: string;
  success: 'true' | 'false';
  operations?: string[];
}

export interface NotificationMessage {
  live: 'true' | 'false';
  notificationItems: { NotificationRequestItem: NotificationItem }[];
}

export function signingString(item: NotificationItem): string {
  return [
    item.pspReference,
    item.originalReference ?? '',
    item.merchantAccountCode,
    item.merchantReference,
    String(item.amount.value),
    item.amount.currency,
    item.eventCode,
    item.success,
  ].join(':');
}

export function signItem(item: NotificationItem, hexKey: string): NotificationItem {
  const hmacSignature = createHmac('sha256', Buffer.from(hexKey, 'hex')).update(signingString(item)).digest('base64');
  return { ...item, additionalData: { ...item.additionalData, hmacSignature } };
}

export function message(items: NotificationItem[], live = false): NotificationMessage {
  return {
    live: live ? 'true' : 'false',
    notificationItems: items.map((NotificationRequestItem) => ({ NotificationRequestItem })),
  };
}
