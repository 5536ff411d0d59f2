// A JSON client that sends each request from a chosen loopback address (127.x.y.z all reach this
// machine): many buyers with addresses of their own, so the server's per-address rate limits see
// what they would see in production, without trusting any forwarded header.
import { request } from 'node:http';

export interface JsonAnswer {
  status: number;
  body: { status?: string; message?: string; result?: Record<string, unknown> } | null;
}

/** An answer, or the transport error when the server never answered (connection refused or cut). */
export type Outcome = JsonAnswer | { error: string };

/** `newConnection`: a connection of its own, closed after the answer (no keep-alive socket the server may close under it). */
export function postJson(
  url: string,
  body: unknown,
  localAddress: string,
  timeoutMs = 20_000,
  newConnection = false,
): Promise<Outcome> {
  return new Promise((resolve) => {
    const payload = Buffer.from(JSON.stringify(body));
    const req = request(
      url,
      {
        method: 'POST',
        localAddress,
        headers: { 'content-type': 'application/json', 'content-length': payload.length },
        timeout: timeoutMs,
        ...(newConnection ? { agent: false } : {}),
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', (e) => resolve({ error: e.message }));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: JsonAnswer['body'] = null;
          try {
            parsed = JSON.parse(text);
          } catch {
            parsed = null;
          }
          resolve({ status: res.statusCode ?? 0, body: parsed });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (e) => resolve({ error: e.message }));
    req.end(payload);
  });
}

/** The n-th buyer's address: 127.0.<1..250>.<1..250>. */
export const buyerAddress = (n: number) => `127.0.${1 + (Math.floor(n / 250) % 250)}.${1 + (n % 250)}`;
