// A route's 200 answer written by typed code instead of parsed by its zod schema first. The zod
// serializer (fastify-type-provider-zod) walks the whole answer on every request to drop members the
// schema does not name and to put the rest in the schema's order; on the two requests of every
// payment that walk is a measurable part of the API's own work (docs/decisions/0022-the-fast-path-on-public-apis.md).
// A writer here names each member in the schema's order, so the JSON is the same byte for byte
// (typed-serializer.test.ts compares it with the zod serializer), and the contract type keeps the
// writer complete: a member added to the schema is a type error until the writer sends it.
import type { FastifySerializerCompiler } from 'fastify';

/** The route option `serializerCompiler` for an answer `write` turns into JSON. */
export const serializeWith =
  <T>(write: (answer: T) => string): FastifySerializerCompiler<unknown> =>
  () =>
  (data) =>
    write(data as T);
