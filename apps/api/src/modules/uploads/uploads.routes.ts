// POST /uploads/image/?purpose=product|logo (multipart, field "file") and GET /uploads/<file> with a year-long cache:
// stored names are random and never reused, so an image at a URL never changes.
import multipart from '@fastify/multipart';
import { envelope } from '@kassa/contract/common';
import { IMAGE_MAX_BYTES, uploadQuery, uploadResult } from '@kassa/contract/products';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { invalid, notFound } from '../../lib/app-error.ts';
import type { AccessRule } from '../../lib/route-access.ts';
import { imageStoreOf } from './image-store.ts';
import { requireUploadAccess, TOO_LARGE_MESSAGE, uploadImage } from './uploads.service.ts';

/**
 * Who may upload depends on what the image is for: read from the raw query, before it is validated,
 * so a caller who may upload nothing is refused whatever it sends. Anything but "logo" is held to the
 * product-image rule, the one the query defaults to.
 */
const uploadAccess: AccessRule = (actor, request) =>
  requireUploadAccess(actor, (request.query as { purpose?: unknown }).purpose === 'logo' ? 'logo' : 'product');

export default async function uploadRoutes(base: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  // One file per request; one byte over the limit is enough to refuse it.
  await app.register(multipart, { limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 0, parts: 1 } });

  app.post(
    '/uploads/image/',
    {
      config: { access: uploadAccess },
      schema: {
        tags: ['uploads'],
        security: [{ bearer: [] }],
        consumes: ['multipart/form-data'],
        // The purpose travels in the query: the multipart body carries the file and nothing else.
        querystring: uploadQuery,
        response: { 201: envelope(uploadResult) },
      },
    },
    async (req, reply) => {
      const { merchantId } = requireUploadAccess(req.actor, req.query.purpose);
      if (!req.isMultipart()) throw invalid('file', 'Send the image as multipart/form-data in the field "file".');
      const file = await req.file();
      if (file?.fieldname !== 'file') throw invalid('file', 'Send the image in the field "file".');
      let bytes: Buffer;
      try {
        bytes = await file.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw invalid('file', TOO_LARGE_MESSAGE);
        throw error;
      }
      const result = await uploadImage(ctx, merchantId, bytes);
      return reply.status(201).send({ status: 'success' as const, result });
    },
  );

  app.get(
    '/uploads/:file',
    {
      schema: {
        tags: ['uploads'],
        params: z.object({ file: z.string().max(60) }),
        response: { 200: z.unknown().describe('The image bytes (PNG, JPEG or WebP)') },
      },
    },
    async (req, reply) => {
      const image = await imageStoreOf(ctx).read(req.params.file);
      if (!image) throw notFound('Image not found.');
      return reply
        .type(image.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(image.bytes);
    },
  );
}
