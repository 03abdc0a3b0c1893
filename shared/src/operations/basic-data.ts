import * as yup from 'yup';
import { idFilter } from '../schemas/filters';
import {
  districtSchema,
  medicineSchema,
  projectSchema,
  regionSchema,
  townshipCreateSchema,
  townshipUpdateSchema,
  type District,
  type Medicine,
  type Project,
  type Region,
  type Township,
} from '../schemas/geography';
import { item, list, message, operation } from './operation';
import { resourceOperations } from './resources';

const townships = (action: 'read' | 'create' | 'update' | 'delete') => ({ resource: 'townships' as const, action });

/** SPEC.md §7 townships: listed by project, created in a project, which then stays theirs. */
const TOWNSHIP_OPERATIONS = {
  list: operation({
    method: 'GET',
    path: '/townships',
    permission: townships('read'),
    summary: 'Township list',
    // A project's townships: the forms' township selects follow the chosen project.
    query: yup.object({ project_id: idFilter('Project') }),
    paged: true,
    answer: list<Township>('Township'),
  }),
  show: operation({
    method: 'GET',
    path: '/townships/:id',
    permission: townships('read'),
    summary: 'One township',
    answer: item<Township>('Township'),
  }),
  create: operation({
    method: 'POST',
    path: '/townships',
    permission: townships('create'),
    summary: 'Create a township',
    body: townshipCreateSchema,
    answer: item<Township>('Township', 'created'),
  }),
  update: operation({
    method: 'PUT',
    path: '/townships/:id',
    permission: townships('update'),
    summary: 'Update a township (its project stays)',
    body: townshipUpdateSchema,
    answer: item<Township>('Township'),
  }),
  remove: operation({
    method: 'DELETE',
    path: '/townships/:id',
    permission: townships('delete'),
    summary: 'Delete a township',
    answer: message('Township has been deleted successfully!'),
    refusals: [409],
  }),
};

/** SPEC.md §7 basic data kept by MEAL: regions, districts, projects and medicines (each unique by name), townships. */
export const BASIC_DATA_OPERATIONS = {
  townships: TOWNSHIP_OPERATIONS,
  regions: resourceOperations<Region, 'regions', typeof regionSchema>({
    path: 'regions',
    permission: 'regions',
    entity: 'Region',
    schema: regionSchema,
  }),
  districts: resourceOperations<District, 'districts', typeof districtSchema>({
    path: 'districts',
    permission: 'districts',
    entity: 'District',
    schema: districtSchema,
  }),
  projects: resourceOperations<Project, 'projects', typeof projectSchema>({
    path: 'projects',
    permission: 'projects',
    entity: 'Project',
    schema: projectSchema,
  }),
  medicines: resourceOperations<Medicine, 'medicines', typeof medicineSchema>({
    path: 'medicines',
    permission: 'medicines',
    entity: 'Medicine',
    schema: medicineSchema,
  }),
};
