import { resource } from '@vot/shared/api';
import type { ProjectInput } from '@vot/shared/schemas';

export interface Project {
  id: number;
  name: string;
  abbreviation: string | null;
}

export const projectsApi = resource<Project, ProjectInput>('projects');
