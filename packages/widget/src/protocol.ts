// postMessage protocol between the host page (the widget) and the hosted fields page `/pay/fields`
// inside its iframe (docs/ARCHITECTURE.md "Payments" and 4: postMessage handlers check the sender's origin).
// Every message is wrapped in an envelope naming the protocol and a random channel id, and a
// receiver accepts it only from the expected origin AND the expected window.
import type { FieldsConfig, WidgetError, WidgetSavedCard, WidgetTransaction } from './options.ts';

export const PROTOCOL = 'kassa-widget/1';

/** Host page → fields iframe. */
export type HostMessage =
  | { type: 'config'; config: FieldsConfig }
  | { type: 'submit' }
  /** The buyer closed the approval popup: the fields page asks the API where the payment stands. */
  | { type: 'approval-closed' };

/** Fields iframe → host page. */
export type FrameMessage =
  | { type: 'ready' }
  | { type: 'resize'; height: number }
  | { type: 'result'; transaction: WidgetTransaction }
  /** purpose saveCard: the card was saved. */
  | { type: 'card-saved'; card: WidgetSavedCard }
  | { type: 'error'; error: WidgetError }
  | { type: 'approval-start'; url: string }
  | { type: 'approval-end' };

export interface Envelope<M> {
  protocol: typeof PROTOCOL;
  channel: string;
  message: M;
}

export interface Expected {
  origin: string;
  /** The window the message must come from (the iframe's contentWindow, or window.parent). */
  source: unknown;
  channel: string;
}

/** 128 random bits, hex: ties one widget to one iframe when a page mounts several. */
export function newChannelId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function envelope<M>(channel: string, message: M): Envelope<M> {
  return { protocol: PROTOCOL, channel, message };
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

const isHttpUrl = (value: unknown) => {
  if (typeof value !== 'string') return false;
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

function isFrameMessage(message: Record<string, unknown>): boolean {
  switch (message.type) {
    case 'ready':
    case 'approval-end':
      return true;
    case 'resize':
      return typeof message.height === 'number' && Number.isFinite(message.height) && message.height >= 0;
    case 'result': {
      const t = message.transaction;
      return isObject(t) && typeof t.id === 'string' && typeof t.status === 'string' && isObject(t.paymentMethod);
    }
    case 'card-saved': {
      const c = message.card;
      return isObject(c) && typeof c.brand === 'string' && typeof c.last4 === 'string';
    }
    case 'error':
      return (
        isObject(message.error) && typeof message.error.message === 'string' && typeof message.error.code === 'string'
      );
    case 'approval-start':
      return isHttpUrl(message.url);
    default:
      return false;
  }
}

function isHostMessage(message: Record<string, unknown>): boolean {
  switch (message.type) {
    case 'submit':
    case 'approval-closed':
      return true;
    case 'config':
      return isObject(message.config);
    default:
      return false;
  }
}

interface IncomingEvent {
  origin: string;
  source: unknown;
  data: unknown;
}

function open(event: IncomingEvent, expected: Expected): Record<string, unknown> | null {
  if (event.origin !== expected.origin || event.source !== expected.source) return null;
  const data = event.data;
  if (!isObject(data) || data.protocol !== PROTOCOL || data.channel !== expected.channel) return null;
  return isObject(data.message) ? data.message : null;
}

/** The host page's reader: a well-formed message from the fields iframe, or null (ignored). */
export function readFrameMessage(event: IncomingEvent, expected: Expected): FrameMessage | null {
  const message = open(event, expected);
  return message && isFrameMessage(message) ? (message as FrameMessage) : null;
}

/** The fields page's reader: a well-formed message from its host page, or null (ignored). */
export function readHostMessage(event: IncomingEvent, expected: Expected): HostMessage | null {
  const message = open(event, expected);
  return message && isHostMessage(message) ? (message as HostMessage) : null;
}

/**
 * https for every host but loopback, which runs plain http in development and tests; a host equal to
 * the page's own takes the page's scheme.
 */
export function originOf(host: string, page: { protocol: string; host: string }): string {
  if (host === page.host) return `${page.protocol}//${host}`;
  const hostname = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.split(':')[0];
  const loopback = hostname === 'localhost' || hostname === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(hostname ?? '');
  return `${loopback ? 'http' : 'https'}://${host}`;
}
