// A lean HTTP/1.1 client for the payment bench's buyers: keep-alive sockets, each request written as
// one string, each response read by its Content-Length. The buyers share two cores with the API and
// PostgreSQL, so every millisecond the load generator spends is taken from what is measured
// (docs/benchmarks.md#what-one-run-measures compares it with node:http's client).
// It speaks only what Kassa answers these requests with: a status line, headers and a body of
// Content-Length bytes (JSON, never chunked, never compressed: no Accept-Encoding is sent). Anything
// else fails the payment with the reason, it is never guessed at.
import { connect, type Socket } from 'node:net';

export interface HttpAnswer {
  status: number;
  body: string;
}

const HEAD_END = Buffer.from('\r\n\r\n');
const CONTENT_LENGTH = /\r\ncontent-length:[ \t]*(\d+)/i;
const CHUNKED = /\r\ntransfer-encoding:/i;
const CLOSING = /\r\nconnection:[ \t]*close/i;

class Connection {
  private received: Buffer = Buffer.alloc(0);
  private waiting: { resolve(a: HttpAnswer): void; reject(e: Error): void } | null = null;
  closed = false;

  constructor(private readonly socket: Socket) {
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => this.onData(chunk));
    socket.on('error', (error) => this.fail(error));
    socket.on('close', () => this.fail(new Error('the server closed the connection')));
  }

  send(request: string): Promise<HttpAnswer> {
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.socket.write(request);
    });
  }

  destroy() {
    this.closed = true;
    this.socket.destroy();
  }

  private onData(chunk: Buffer) {
    this.received = this.received.length === 0 ? chunk : Buffer.concat([this.received, chunk]);
    const headEnd = this.received.indexOf(HEAD_END);
    if (headEnd < 0) return;
    const head = this.received.toString('latin1', 0, headEnd);
    const length = CONTENT_LENGTH.exec(head);
    if (!length || CHUNKED.test(head)) {
      this.fail(new Error(`unexpected response framing: ${head.split('\r\n', 1)[0]}`));
      return;
    }
    const bodyStart = headEnd + HEAD_END.length;
    const bodyEnd = bodyStart + Number(length[1]);
    if (this.received.length < bodyEnd) return;
    if (this.received.length > bodyEnd) {
      this.fail(new Error('the server sent more than one response'));
      return;
    }
    const answer = { status: Number(head.slice(9, 12)), body: this.received.toString('utf8', bodyStart, bodyEnd) };
    this.received = Buffer.alloc(0);
    // The server ends this connection after the answer: it must not go back to the idle ones.
    if (CLOSING.test(head)) this.closed = true;
    const waiting = this.waiting;
    this.waiting = null;
    waiting?.resolve(answer);
  }

  private fail(error: Error) {
    this.closed = true;
    const waiting = this.waiting;
    this.waiting = null;
    waiting?.reject(error);
    this.socket.destroy();
  }
}

/** Keep-alive connections to one server; a request takes an idle one or opens another. */
export function http1Client(url: string) {
  const target = new URL(url);
  const port = Number(target.port);
  const idle: Connection[] = [];
  const all = new Set<Connection>();

  const open = () =>
    new Promise<Connection>((resolve, reject) => {
      const socket = connect({ host: target.hostname, port }, () => {
        socket.off('error', reject);
        const connection = new Connection(socket);
        all.add(connection);
        resolve(connection);
      });
      socket.once('error', reject);
    });

  return {
    async post(path: string, body: string, headers = ''): Promise<HttpAnswer> {
      let connection = idle.pop();
      while (connection?.closed) {
        all.delete(connection);
        connection = idle.pop();
      }
      connection ??= await open();
      const request =
        `POST ${path} HTTP/1.1\r\nhost: ${target.host}\r\ncontent-type: application/json\r\n` +
        `content-length: ${Buffer.byteLength(body)}\r\n${headers}\r\n${body}`;
      try {
        const answer = await connection.send(request);
        if (connection.closed) {
          all.delete(connection);
          connection.destroy();
        } else idle.push(connection);
        return answer;
      } catch (error) {
        all.delete(connection);
        throw error;
      }
    },
    close() {
      for (const connection of all) connection.destroy();
      all.clear();
      idle.length = 0;
    },
  };
}
