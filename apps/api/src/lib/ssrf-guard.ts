// Webhook URLs are chosen by merchants and called from inside our network, so each one is checked
// before it is saved and again at every delivery, after DNS resolution: only https, only public
// addresses. The sender then connects to exactly the address checked here (never resolving the
// name again), so a name that answers differently the second time cannot reach an internal host.
// KASSA_WEBHOOKS_ALLOW_PRIVATE lets development and tests use http(s) on the loopback interface
// (127.0.0.1, ::1, localhost) and nothing else.

import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { LOCAL_RECEIVER_HINT } from '@kassa/contract/webhooks';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((a) => ({
    address: a.address,
    family: a.family === 6 ? 6 : 4,
  }));

export class WebhookUrlRefused extends Error {}

const ranges = (list: [string, number, 'ipv4' | 'ipv6', string][]) =>
  list.map(([net, prefix, type, why]) => {
    const block = new BlockList();
    block.addSubnet(net, prefix, type);
    return { block, type, why };
  });

const LOOPBACK = 'a loopback address';
const PRIVATE = 'a private network address';
const LINK_LOCAL = 'a link-local address';
const RESERVED = 'a reserved address';

// Loopback first: the development switch allows exactly these and nothing else.
const IPV4 = ranges([
  ['127.0.0.0', 8, 'ipv4', LOOPBACK],
  ['169.254.169.254', 32, 'ipv4', 'the cloud metadata address'],
  ['0.0.0.0', 8, 'ipv4', RESERVED],
  ['10.0.0.0', 8, 'ipv4', PRIVATE],
  ['100.64.0.0', 10, 'ipv4', 'a carrier-grade NAT address'],
  ['169.254.0.0', 16, 'ipv4', LINK_LOCAL],
  ['172.16.0.0', 12, 'ipv4', PRIVATE],
  ['192.0.0.0', 24, 'ipv4', RESERVED],
  ['192.0.2.0', 24, 'ipv4', RESERVED],
  ['192.88.99.0', 24, 'ipv4', RESERVED],
  ['192.168.0.0', 16, 'ipv4', PRIVATE],
  ['198.18.0.0', 15, 'ipv4', RESERVED],
  ['198.51.100.0', 24, 'ipv4', RESERVED],
  ['203.0.113.0', 24, 'ipv4', RESERVED],
  ['224.0.0.0', 4, 'ipv4', 'a multicast address'],
  ['240.0.0.0', 4, 'ipv4', RESERVED],
]);

const IPV6 = ranges([
  ['::1', 128, 'ipv6', LOOPBACK],
  // Unspecified and the deprecated IPv4-compatible form (::a.b.c.d).
  ['::', 96, 'ipv6', RESERVED],
  // NAT64, 6to4 and Teredo carry an IPv4 address that may be a private one.
  ['64:ff9b::', 96, 'ipv6', 'an address translated to IPv4'],
  ['64:ff9b:1::', 48, 'ipv6', 'an address translated to IPv4'],
  ['2002::', 16, 'ipv6', 'an address translated to IPv4'],
  ['2001::', 23, 'ipv6', RESERVED],
  ['2001:db8::', 32, 'ipv6', RESERVED],
  ['100::', 64, 'ipv6', RESERVED],
  ['fc00::', 7, 'ipv6', PRIVATE],
  ['fe80::', 10, 'ipv6', LINK_LOCAL],
  ['fec0::', 10, 'ipv6', PRIVATE],
  ['ff00::', 8, 'ipv6', 'a multicast address'],
]);

/** The 16 bytes of an IPv6 address (any valid textual form, including a trailing dotted IPv4). */
function ipv6Bytes(address: string): number[] {
  let text = address.split('%')[0]!;
  const dotted = text.match(/(\d+\.\d+\.\d+\.\d+)$/);
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, -dotted[1]!.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? (text.split('::') as [string, string]) : [text, undefined];
  const parse = (part: string) => (part ? part.split(':').map((h) => Number.parseInt(h, 16)) : []);
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  const groups = [...left, ...new Array(8 - left.length - right.length).fill(0), ...right];
  return groups.flatMap((g) => [g >> 8, g & 0xff]);
}

/** The IPv4 address an IPv4-mapped IPv6 address (::ffff:a.b.c.d, in any notation) stands for. */
function mappedIpv4(address: string): string | undefined {
  const bytes = ipv6Bytes(address);
  const isMapped = bytes.slice(0, 10).every((b) => b === 0) && bytes[10] === 0xff && bytes[11] === 0xff;
  return isMapped ? bytes.slice(12).join('.') : undefined;
}

export interface AddressVerdict {
  /** Why the address may not receive webhooks; undefined when it is public. */
  refused?: string;
  loopback: boolean;
}

export function classifyAddress(address: string): AddressVerdict {
  const version = isIP(address);
  if (version === 0) return { refused: 'not an IP address', loopback: false };
  if (version === 6) {
    const v4 = mappedIpv4(address);
    if (v4) return classifyAddress(v4);
  }
  const table = version === 4 ? IPV4 : IPV6;
  const hit = table.find((r) => r.block.check(address, r.type));
  return { refused: hit?.why, loopback: hit?.why === LOOPBACK };
}

export interface GuardOptions {
  allowPrivate: boolean;
  resolve?: Resolver;
}

export interface CheckedUrl {
  url: URL;
  /** The bare host name or address, without IPv6 brackets. */
  hostname: string;
  /** Every address the name resolved to, all allowed; the sender connects to the first. */
  addresses: ResolvedAddress[];
}

const LOCAL_NAMES = new Set(['localhost', 'localhost.']);

// Offline or on a test machine every public host fails, and a merchant trying Kassa out has no other
// way to learn that a receiver on this machine can be used.
const withHint = (message: string, allowPrivate: boolean) =>
  allowPrivate ? message : `${message} ${LOCAL_RECEIVER_HINT}`;

/** Parses and checks a URL without resolving it: scheme, credentials, the shape of the host. */
export function checkUrlShape(raw: string, allowPrivate: boolean): { url: URL; hostname: string } {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new WebhookUrlRefused('Enter a full URL, such as https://shop.example.com/webhooks');
  }
  const hostname = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new WebhookUrlRefused('Webhook URLs must start with https://');
  }
  if (url.username || url.password) {
    throw new WebhookUrlRefused('Webhook URLs cannot contain a user name or password.');
  }
  if (url.protocol === 'http:') {
    const isLoopback = LOCAL_NAMES.has(hostname) || (isIP(hostname) > 0 && classifyAddress(hostname).loopback);
    if (!(allowPrivate && isLoopback)) {
      const rule = allowPrivate
        ? 'Webhook URLs must start with https:// (http:// only for localhost).'
        : 'Webhook URLs must start with https://.';
      throw new WebhookUrlRefused(withHint(rule, allowPrivate));
    }
  }
  return { url, hostname };
}

/** The URL resolved and every address checked; throws WebhookUrlRefused with a message for the merchant. */
export async function checkWebhookUrl(raw: string, options: GuardOptions): Promise<CheckedUrl> {
  const { url, hostname } = checkUrlShape(raw, options.allowPrivate);
  let addresses: ResolvedAddress[];
  if (isIP(hostname)) {
    addresses = [{ address: hostname, family: isIP(hostname) === 6 ? 6 : 4 }];
  } else {
    if (LOCAL_NAMES.has(hostname) && !options.allowPrivate) {
      throw new WebhookUrlRefused(withHint('Webhook URLs must point to a public address, not to localhost.', false));
    }
    try {
      addresses = await (options.resolve ?? systemResolver)(hostname);
    } catch {
      addresses = [];
    }
    if (addresses.length === 0) {
      throw new WebhookUrlRefused(withHint(`The host name ${hostname} could not be found.`, options.allowPrivate));
    }
  }
  for (const { address } of addresses) {
    const verdict = classifyAddress(address);
    if (verdict.refused && !(options.allowPrivate && verdict.loopback)) {
      throw new WebhookUrlRefused(`Webhook URLs must point to a public address; ${hostname} is ${verdict.refused}.`);
    }
  }
  return { url, hostname, addresses };
}
