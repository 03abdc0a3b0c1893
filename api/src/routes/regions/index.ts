import type { FastifyInstance } from 'fastify';
import { regionSchema, type Region } from '@vot/shared/schemas';
import { regions } from '../../db/schema';
import { registerNamedResource, type ColumnsOf } from '../../lib/named-resource';

export default async function regionRoutes(app: FastifyInstance) {
  registerNamedResource(app, {
    path: 'regions',
    permission: 'regions',
    table: regions,
    columns: { id: regions.id, name: regions.name } satisfies ColumnsOf<Region>,
    schema: regionSchema,
    entity: 'Region',
    nameLabel: 'Region Name',
    inUseMessage: 'This region has townships and cannot be deleted.',
  });
}
