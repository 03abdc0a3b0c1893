import type { FastifyInstance } from 'fastify';
import { BASIC_DATA_OPERATIONS } from '@vot/shared/operations';
import type { Region } from '@vot/shared/schemas';
import { regions } from '../../db/schema';
import { registerNamedResource, type ColumnsOf } from '../../lib/named-resource';

export default async function regionRoutes(app: FastifyInstance) {
  registerNamedResource(app, {
    operations: BASIC_DATA_OPERATIONS.regions,
    table: regions,
    columns: { id: regions.id, name: regions.name } satisfies ColumnsOf<Region>,
    nameLabel: 'Region Name',
    inUseMessage: 'This region has townships and cannot be deleted.',
  });
}
