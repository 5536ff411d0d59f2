// The HTTP client the Adyen SDK sends its requests through (the SDK's pluggable ClientInterface).
// The SDK's own client reports every network failure the same way, so a refused connection could
// not be told from a connection cut after Adyen took the payment. This one knows whether the
// request left: before the connection (and TLS) is up nothing can have been processed
// (ProcessorUnavailableError: another processor may be tried); after it, a timeout, a cut or a 5xx
// leaves the outcome unknown (ProcessorOutcomeUnknownError: the payment waits for reconciliation).
// 4xx answers become the SDK's HttpClientException, as with its own client. It also speaks plain
// http, so tests and staging can point KASSA_ADYEN_CHECKOUT_BASE at a loopback emulator.
import http from 'node:http';
import https from 'node:https';
import type ClientInterface from '@adyen/api-library/lib/src/httpClient/clientInterface';
import type { IRequest } from '@adyen/api-library/lib/src/typings/requestOptions';
import { ProcessorOutcomeUnknownError, ProcessorUnavailableError } from '../provider.ts';
import { adyenSdk } from './adyen-sdk.ts';

export interface AdyenTransportOptions {
  /** Time to open the connection; past it nothing was sent. */
  connectTimeoutMs?: number;
  /** Time for the whole answer once the request is on its way. */
  responseTimeoutMs?: number;
}

const USER_AGENT = 'kassa-adyen-connector';

export function createAdyenTransport(options: AdyenTransportOptions = {}): ClientInterface {
  const connectTimeoutMs = options.connectTimeoutMs ?? 5_000;
  const responseTimeoutMs = options.responseTimeoutMs ?? 30_000;

  return {
    request(endpoint, json, config, isApiKeyRequired, requestOptions: IRequest.Options = {}) {
      const url = new URL(endpoint);
      if (requestOptions.params) {
        url.search = new URLSearchParams(requestOptions.params as Record<string, string>).toString();
      }
      if (isApiKeyRequired && !config.apiKey) {
        return Promise.reject(
          new (adyenSdk().HttpClientException)({ message: 'Invalid X-API-Key was used', statusCode: 401 }),
        );
      }
      const headers: Record<string, string> = {
        'Content-Type': 'application/json',
        Accept: 'application/json',
        'User-Agent': USER_AGENT,
        ...(requestOptions.headers as Record<string, string> | undefined),
      };
      if (config.apiKey) headers['X-API-Key'] = config.apiKey;
      if (requestOptions.idempotencyKey) headers['Idempotency-Key'] = requestOptions.idempotencyKey;
      const body = typeof json === 'string' ? json : Buffer.from(json);
      headers['Content-Length'] = String(Buffer.byteLength(body));
      const lib = url.protocol === 'http:' ? http : https;
      const where = `${url.host}${url.pathname}`;

      return new Promise<string>((resolve, reject) => {
        let connected = false;
        let settled = false;
        const fail = (error: Error) => {
          if (settled) return;
          settled = true;
          clearTimeout(connectTimer);
          clearTimeout(responseTimer);
          req.destroy();
          reject(error);
        };
        const lost = (why: string, cause?: unknown) =>
          connected
            ? new ProcessorOutcomeUnknownError(`Adyen (${where}): ${why} after the request was sent.`, { cause })
            : new ProcessorUnavailableError(`Adyen (${where}) could not be reached: ${why}.`, { cause });

        const req = lib.request(url, { method: requestOptions.method ?? 'POST', headers, agent: false });
        const connectTimer = setTimeout(() => fail(lost('no connection in time')), connectTimeoutMs);
        // The answer's clock starts when the request can leave: a busy event loop that sees the
        // connection late must not count that wait against the processor as "no answer in time".
        let responseTimer: NodeJS.Timeout | undefined;
        req.on('socket', (socket) => {
          // Over TLS nothing is sent before the handshake completes.
          socket.once(lib === https ? 'secureConnect' : 'connect', () => {
            connected = true;
            clearTimeout(connectTimer);
            if (!settled) responseTimer = setTimeout(() => fail(lost('no answer in time')), responseTimeoutMs);
          });
        });
        req.on('error', (error) => fail(lost((error as NodeJS.ErrnoException).code ?? error.message, error)));
        req.on('response', (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            text += chunk;
          });
          res.on('aborted', () => fail(lost('the answer was cut')));
          res.on('error', (error) => fail(lost('the answer was cut', error)));
          res.on('end', () => {
            if (settled) return;
            if (!res.complete) return fail(lost('the answer was cut'));
            settled = true;
            clearTimeout(connectTimer);
            clearTimeout(responseTimer);
            const status = res.statusCode ?? 0;
            if (status >= 200 && status < 300) return resolve(text);
            if (status >= 500) {
              return reject(new ProcessorOutcomeUnknownError(`Adyen (${where}) answered ${status}.`));
            }
            reject(clientError(status, text, res.headers));
          });
        });
        req.end(body);
      });
    },
  };
}

function clientError(status: number, text: string, headers: http.IncomingHttpHeaders) {
  let apiError: { status?: number; errorCode?: string; message?: string; errorType?: string } | undefined;
  try {
    apiError = JSON.parse(text);
  } catch {
    apiError = undefined;
  }
  return new (adyenSdk().HttpClientException)({
    message: `HTTP Exception: ${status}. ${apiError?.message ?? ''}`.trim(),
    statusCode: status,
    errorCode: apiError?.errorCode,
    responseHeaders: headers,
    responseBody: text,
    apiError: apiError as never,
  });
}
