// One place turns every failure into the envelope of docs/ARCHITECTURE.md#api-conventions. Nothing a client sends may
// produce a 500; real 5xx answers hide their details and are logged with the request context.
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isTransientDatabaseError } from '../db/pg-errors.ts';
import { AppError } from '../lib/app-error.ts';

const FIELD_LABEL: Record<string, string> = { body: 'body', querystring: 'query', params: 'path', headers: 'header' };

function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return reply.status(error.statusCode).send({
        status: 'error',
        code: error.code,
        message: error.message,
        ...(error.errors ? { errors: error.errors } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const where = FIELD_LABEL[(error as { validationContext?: string }).validationContext ?? 'body'] ?? 'body';
      const errors = error.validation.map((v) => ({
        path: v.instancePath.replace(/^\//, '').replaceAll('/', '.') || where,
        message: v.message ?? 'Invalid value',
      }));
      const first = errors[0];
      const message =
        errors.length === 1 && first ? `${humanPath(first.path)}: ${first.message}` : 'Some fields need attention.';
      return reply.status(400).send({ status: 'error', code: 'invalid_input', message, errors });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error.cause }, 'response did not match its schema');
      return reply.status(500).send({ status: 'error', code: 'internal', message: 'Something went wrong.' });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send({ status: 'error', code: 'rate_limited', message: error.message });
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, wrong content type, body too large.
      const message =
        error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
          ? 'The request is too large.'
          : error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
            ? 'Unsupported content type.'
            : error.code?.startsWith('FST_ERR_CTP') || error instanceof SyntaxError
              ? 'The request body is not valid JSON.'
              : error.message;
      const code = status === 413 ? 'payload_too_large' : status === 404 ? 'not_found' : 'invalid_input';
      return reply.status(status).send({ status: 'error', code, message });
    }
    if (isTransientDatabaseError(error)) {
      // The database dropped the connection or picked this request as a deadlock victim: nothing
      // about the request was wrong, and the same request may simply be sent again.
      request.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).header('retry-after', '1').send({
        status: 'error',
        code: 'unavailable',
        message: 'The service is briefly unavailable. Please try again in a moment.',
      });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ status: 'error', code: 'internal', message: 'Something went wrong.' });
  });
}

/** The envelope for an unknown route. */
export const notFoundBody = (method: string, url: string) => ({
  status: 'error' as const,
  code: 'not_found',
  message: `No route for ${method} ${url.split('?')[0]}.`,
});

const humanPath = (path: string) => {
  const last = path.split('.').at(-1) ?? path;
  const words = last.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

export default fp(errorsPlugin, { name: 'errors' });
