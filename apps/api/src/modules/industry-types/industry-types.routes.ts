import {
  industryType,
  industryTypeBody,
  industryTypeListQuery,
  industryTypePatch,
} from '@kassa/contract/industry-types';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { resourceRoutes } from '../../lib/resource-routes.ts';
import { platformAdmin, signedIn } from '../../lib/route-access.ts';
import {
  createIndustryType,
  getIndustryType,
  listIndustryTypes,
  patchIndustryType,
  removeIndustryType,
} from './industry-types.service.ts';

export default async function industryTypeRoutes(base: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const industryTypes = resourceRoutes(base, '/connection/industry-type/', ['industry types']);
  const read = { access: signedIn };
  const write = { access: platformAdmin };
  const item = industryType;

  industryTypes.list(read, { query: industryTypeListQuery, item }, (_actor, query) => listIndustryTypes(ctx, query));
  industryTypes.create(
    write,
    { body: industryTypeBody, item },
    (actor, body) => createIndustryType(ctx, actor, body),
    'Industry type created.',
  );
  industryTypes.read(read, { item }, (_actor, id) => getIndustryType(ctx, id));
  industryTypes.update(
    'patch',
    write,
    { body: industryTypePatch, item },
    (actor, id, body) => patchIndustryType(ctx, actor, id, body),
    'Industry type saved.',
  );
  industryTypes.remove(write, (actor, id) => removeIndustryType(ctx, actor, id).then(() => 'Industry type deleted.'));
}
