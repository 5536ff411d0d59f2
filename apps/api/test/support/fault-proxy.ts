// A fault-injecting HTTP proxy between Kassa and a processor emulator, for the ways a money call's
// answer gets lost after the processor has done the work: the connection cut once the answer is in,
// an answer held past Kassa's timeout, a 500 in place of the answer, the first N answers dropped.
// The request always reaches the emulator in full, so the emulator's ledger records what happened.
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type ProxyFault =
  /** Forward, wait for the emulator's whole answer, then cut the connection to Kassa. */
  | 'cut_after_answer'
  /** Forward, and hold the answer `delayMs` (longer than Kassa waits). */
  | 'delay'
  /** Forward, throw the answer away and answer 500 instead. */
  | 'error500_after_work';

export interface ProxyFaultRule {
  fault: ProxyFault;
  /** Tested against "METHOD /path", e.g. /^POST \/v1\/refunds$/; every request when left out. */
  match?: RegExp;
  /** How many matching requests to hit (the first N); every one when left out. */
  times?: number;
  delayMs?: number;
}

export interface FaultProxy {
  readonly url: string;
  setFault(rule: ProxyFaultRule | null): void;
  /** Requests that reached the emulator through the proxy, faulted or not. */
  readonly forwarded: { method: string; path: string; faulted: boolean }[];
  close(): Promise<void>;
}

export async function startFaultProxy(upstreamUrl: string): Promise<FaultProxy> {
  const upstream = new URL(upstreamUrl);
  let rule: ProxyFaultRule | null = null;
  const forwarded: FaultProxy['forwarded'] = [];
  const sockets = new Set<Socket>();

  const takeFault = (method: string, path: string): ProxyFaultRule | null => {
    const current = rule;
    if (!current || (current.match && !current.match.test(`${method} ${path}`))) return null;
    if (current.times !== undefined) {
      current.times -= 1;
      if (current.times <= 0) rule = null;
    }
    return current;
  };

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const method = req.method ?? 'GET';
      const path = new URL(req.url ?? '/', 'http://proxy').pathname;
      const fault = takeFault(method, path);
      forwarded.push({ method, path, faulted: fault !== null });
      const out = httpRequest(
        {
          host: upstream.hostname,
          port: upstream.port,
          method,
          path: req.url,
          headers: { ...req.headers, host: upstream.host },
        },
        (answer: IncomingMessage) => {
          const body: Buffer[] = [];
          answer.on('data', (c: Buffer) => body.push(c));
          answer.on('end', async () => {
            if (fault?.fault === 'cut_after_answer') {
              req.socket.destroy();
              return;
            }
            if (fault?.fault === 'error500_after_work') {
              res.writeHead(500, { 'content-type': 'application/json' });
              res.end(JSON.stringify({ error: { type: 'api_error', message: 'An unknown error occurred' } }));
              return;
            }
            if (fault?.fault === 'delay') await new Promise((r) => setTimeout(r, fault.delayMs ?? 2_000));
            if (res.destroyed) return;
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            res.end(Buffer.concat(body));
          });
        },
      );
      out.on('error', () => req.socket.destroy());
      out.end(Buffer.concat(chunks));
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    forwarded,
    setFault: (next) => {
      rule = next ? { ...next } : null;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
