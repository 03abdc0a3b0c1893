import { resource } from '@vot/shared/api';
import type { Project, ProjectInput } from '@vot/shared/schemas';

export const projectsApi = resource<Project, ProjectInput>('projects');
