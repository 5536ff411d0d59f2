// The one validator every route's body, query, params and headers go through: the route's zod schema,
// then the storable-text rule on what the schema let through, so a NUL byte or a lone surrogate is a
// 400 with the field named on every route, present and future, instead of a database error.
import { findUnstorableText } from '@kassa/contract/storable-text';
import type { FastifySchemaCompiler, FastifySchemaValidationError } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';

/** The mark the error handler recognises a schema-validation failure by (fastify-type-provider-zod's). */
const ZOD_VALIDATION_ERROR = Symbol.for('ZodFastifySchemaValidationError');

export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) => {
  const validate = zodValidatorCompiler(route);
  return (data) => {
    // The zod compiler answers synchronously with { value } or { error }.
    const result = validate(data) as { value?: unknown; error?: FastifySchemaValidationError[] | Error };
    if (result.error) return result;
    const problems = findUnstorableText(result.value);
    if (problems.length === 0) return result;
    const error: FastifySchemaValidationError[] = problems.map(({ path, message }) => ({
      [ZOD_VALIDATION_ERROR]: true,
      keyword: 'custom',
      instancePath: `/${path.join('/')}`,
      schemaPath: `#/${path.join('/')}/custom`,
      message,
      params: {},
    }));
    return { error };
  };
};
