// One HTTP attempt: POST the body to the address the guard checked (the connection is pinned to it
// through a fixed `lookup`, while TLS still verifies the certificate for the URL's host name), at most
// 10 seconds from start to the end of the response, redirects never followed, the first 1 KB of the
// response kept for the delivery log.
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { CheckedUrl } from '../../lib/ssrf-guard.ts';

export const WEBHOOK_TIMEOUT_MS = 10_000;
export const RESPONSE_SNIPPET_BYTES = 1024;

export interface AttemptOutcome {
  statusCode: number | null;
  durationMs: number;
  responseSnippet: string | null;
  error: string | null;
  delivered: boolean;
}

export function sendWebhook(
  target: CheckedUrl,
  headers: Record<string, string>,
  body: string,
  timeoutMs = WEBHOOK_TIMEOUT_MS,
): Promise<AttemptOutcome> {
  const started = performance.now();
  const pinned = target.addresses[0]!;
  const lookup: LookupFunction = (_hostname, options, callback) => {
    if (options.all) (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
  const client = target.url.protocol === 'https:' ? https : http;
  return new Promise<AttemptOutcome>((resolve) => {
    let settled = false;
    const finish = (outcome: Omit<AttemptOutcome, 'durationMs' | 'delivered'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      const delivered =
        outcome.error === null && outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300;
      resolve({ ...outcome, durationMs: Math.round(performance.now() - started), delivered });
      request.destroy();
    };
    const request = client.request(target.url, {
      method: 'POST',
      lookup,
      agent: false,
      headers: {
        ...headers,
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        'user-agent': 'Kassa-Webhooks/1.0',
      },
    });
    const timer = setTimeout(
      () => finish({ statusCode: null, responseSnippet: null, error: `No answer within ${timeoutMs / 1000} seconds.` }),
      timeoutMs,
    );
    request.on('response', (response) => {
      const status = response.statusCode ?? null;
      const chunks: Buffer[] = [];
      let size = 0;
      const done = () => {
        const snippet = Buffer.concat(chunks).subarray(0, RESPONSE_SNIPPET_BYTES).toString('utf8');
        const redirect = status !== null && status >= 300 && status < 400;
        finish({
          statusCode: status,
          responseSnippet: snippet || null,
          error: redirect
            ? 'Redirects are not followed: use the final URL as the endpoint.'
            : status !== null && (status < 200 || status >= 300)
              ? `The endpoint answered ${status}.`
              : null,
        });
      };
      response.on('data', (chunk: Buffer) => {
        if (size < RESPONSE_SNIPPET_BYTES) chunks.push(chunk);
        size += chunk.length;
        // Enough read: the rest of a large answer is not waited for.
        if (size >= RESPONSE_SNIPPET_BYTES) done();
      });
      response.on('end', done);
      response.on('error', done);
    });
    request.on('error', (err: NodeJS.ErrnoException) =>
      finish({ statusCode: null, responseSnippet: null, error: connectionError(err) }),
    );
    request.end(body);
  });
}

function connectionError(err: NodeJS.ErrnoException): string {
  switch (err.code) {
    case 'ECONNREFUSED':
      return 'The connection was refused.';
    case 'ECONNRESET':
      return 'The connection was reset.';
    case 'ETIMEDOUT':
      return 'The connection timed out.';
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return 'The host could not be reached.';
    default:
      return err.code?.startsWith('ERR_TLS') || err.code?.includes('CERT')
        ? `The TLS connection failed (${err.code}).`
        : `The request failed${err.code ? ` (${err.code})` : ''}.`;
  }
}
