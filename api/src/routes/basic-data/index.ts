import type { FastifyInstance } from 'fastify';
import {
  districtSchema,
  medicineSchema,
  projectSchema,
  type District,
  type Medicine,
  type Project,
} from '@vot/shared/schemas';
import { districts, medicines, projects } from '../../db/schema';
import { registerNamedResource, type ColumnsOf } from '../../lib/named-resource';

/** Districts, projects and medicines: the same resource pattern as regions, declared. */
export default async function basicDataRoutes(app: FastifyInstance) {
  registerNamedResource(app, {
    path: 'districts',
    permission: 'districts',
    table: districts,
    columns: { id: districts.id, name: districts.name } satisfies ColumnsOf<District>,
    schema: districtSchema,
    entity: 'District',
    nameLabel: 'District Name',
    inUseMessage: 'This district has townships and cannot be deleted.',
  });
  registerNamedResource(app, {
    path: 'projects',
    permission: 'projects',
    table: projects,
    columns: { id: projects.id, name: projects.name, abbreviation: projects.abbreviation } satisfies ColumnsOf<Project>,
    schema: projectSchema,
    entity: 'Project',
    nameLabel: 'Project Name',
    inUseMessage: 'This project has townships or accounts and cannot be deleted.',
  });
  registerNamedResource(app, {
    path: 'medicines',
    permission: 'medicines',
    table: medicines,
    columns: {
      id: medicines.id,
      name: medicines.name,
      abbreviation: medicines.abbreviation,
    } satisfies ColumnsOf<Medicine>,
    schema: medicineSchema,
    entity: 'Medicine',
    nameLabel: 'Medicine Name',
    inUseMessage: 'This medicine is in use and cannot be deleted.',
  });
}
