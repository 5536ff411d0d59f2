// A load balancer in miniature for the scale-out tests: each request goes to the next API process in
// turn. A process that refuses the connection (killed, or closed after SIGTERM) never received the
// request, so the next one gets it, as a balancer's health check would route around it; a connection
// cut after the request went out is answered 502 — the client cannot know whether it was done. One
// connection per request: a kept-alive connection to a process that starts draining would be answered
// 503 by Fastify instead of refused.
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RoundRobinProxy {
  url: string;
  /** How many answers each upstream gave, by its URL. */
  answered: Map<string, number>;
  close(): Promise<void>;
}

const readBody = (req: IncomingMessage) =>
  new Promise<Buffer>((ok, fail) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => ok(Buffer.concat(chunks)));
    req.on('error', fail);
  });

export async function startRoundRobinProxy(upstreams: string[]): Promise<RoundRobinProxy> {
  let next = 0;
  const answered = new Map(upstreams.map((u) => [u, 0]));
  const server: Server = createServer(async (req, res) => {
    const body = await readBody(req);
    // The client's address for the API's per-address limits, as a balancer adds it (KASSA_TRUSTED_PROXIES).
    const forwardedFor = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
    const headers = { ...req.headers, 'x-forwarded-for': forwardedFor, 'content-length': String(body.length) };
    for (let tried = 0; tried < upstreams.length; tried += 1) {
      const upstream = upstreams[next % upstreams.length]!;
      next += 1;
      const outcome = await new Promise<'refused' | 'done'>((settle) => {
        const out = httpRequest(`${upstream}${req.url}`, { method: req.method, headers, agent: false }, (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          answer.on('end', () => {
            answered.set(upstream, (answered.get(upstream) ?? 0) + 1);
            settle('done');
          });
          answer.on('error', () => {
            res.destroy();
            settle('done');
          });
        });
        out.on('error', (error: NodeJS.ErrnoException) => {
          if (error.code === 'ECONNREFUSED') return settle('refused');
          if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' }).end('upstream gone');
          else res.destroy();
          settle('done');
        });
        out.end(body);
      });
      if (outcome === 'done') return;
    }
    res.writeHead(503, { 'content-type': 'text/plain' }).end('no upstream');
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    answered,
    close: () =>
      new Promise((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}
