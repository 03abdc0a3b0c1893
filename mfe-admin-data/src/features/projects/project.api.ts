import { resourceCalls } from '@vot/shared/api';
import { BASIC_DATA_OPERATIONS } from '@vot/shared/operations';
import type { Project, ProjectInput } from '@vot/shared/schemas';

export const projectsApi = resourceCalls<Project, ProjectInput>(BASIC_DATA_OPERATIONS.projects);
