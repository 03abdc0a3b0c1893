import type { FastifyInstance } from 'fastify';
import { BASIC_DATA_OPERATIONS } from '@vot/shared/operations';
import type { District, Medicine, Project } from '@vot/shared/schemas';
import { districts, medicines, projects } from '../../db/schema';
import { registerNamedResource, type ColumnsOf } from '../../lib/named-resource';

/** Districts, projects and medicines: the same resource pattern as regions, declared. */
export default async function basicDataRoutes(app: FastifyInstance) {
  registerNamedResource(app, {
    operations: BASIC_DATA_OPERATIONS.districts,
    table: districts,
    columns: { id: districts.id, name: districts.name } satisfies ColumnsOf<District>,
    nameLabel: 'District Name',
    inUseMessage: 'This district has townships and cannot be deleted.',
  });
  registerNamedResource(app, {
    operations: BASIC_DATA_OPERATIONS.projects,
    table: projects,
    columns: { id: projects.id, name: projects.name, abbreviation: projects.abbreviation } satisfies ColumnsOf<Project>,
    nameLabel: 'Project Name',
    inUseMessage: 'This project has townships or accounts and cannot be deleted.',
  });
  registerNamedResource(app, {
    operations: BASIC_DATA_OPERATIONS.medicines,
    table: medicines,
    columns: {
      id: medicines.id,
      name: medicines.name,
      abbreviation: medicines.abbreviation,
    } satisfies ColumnsOf<Medicine>,
    nameLabel: 'Medicine Name',
    inUseMessage: 'This medicine is in use and cannot be deleted.',
  });
}
