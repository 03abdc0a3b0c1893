import {
  districtSchema,
  medicineSchema,
  projectSchema,
  regionSchema,
  type District,
  type Medicine,
  type Project,
  type Region,
} from '../schemas/geography';
import { resourceOperations } from './resources';

/** SPEC.md §7 basic data kept by MEAL: regions, districts, projects and medicines, each unique by name. */
export const BASIC_DATA_OPERATIONS = {
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
