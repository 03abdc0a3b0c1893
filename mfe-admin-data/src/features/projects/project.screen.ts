import { type Project, type ProjectInput, projectSchema } from '@vot/shared/schemas';
import type { CrudScreen } from '@vot/shared/lists';
import { projectsApi } from './project.api';

/** SPEC.md §2: a table of number and Project Name; New/Update/Delete only for roles that may create. */
export const projectScreen: CrudScreen<Project, ProjectInput> = {
  title: 'Project',
  entity: 'Project',
  permission: 'projects',
  api: projectsApi,
  columns: [
    { field: 'number', header: 'No.', body: (_row, index) => index + 1 },
    { field: 'name', header: 'Project Name' },
  ],
  form: {
    createTitle: 'Create Project',
    updateTitle: 'Update Project',
    fields: [{ name: 'name', label: 'Project Name' }],
    schema: projectSchema,
    empty: { name: '' },
    toInput: (project) => ({ name: project.name }),
  },
};
