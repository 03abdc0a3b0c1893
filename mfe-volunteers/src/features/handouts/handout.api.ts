import { api, type ItemResponse, type ListResponse } from '@vot/shared/api';
import type { HandoutKind } from '@vot/shared/domain';
import type { Handout } from '@vot/shared/schemas';

const PATHS: Record<HandoutKind, string> = { volunteer: 'volunteer-handouts', patient: 'patient-handouts' };

function formOf(file: File): FormData {
  const form = new FormData();
  form.append('file', file);
  return form;
}

export interface UploadControl {
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/** SPEC.md §7 volunteer-handouts and patient-handouts: a list of none or one, multipart create and update. */
export const handoutsApi = {
  list: (kind: HandoutKind, signal?: AbortSignal) =>
    api.get<ListResponse<Handout>>(PATHS[kind], { quiet: true, signal }),
  create: (kind: HandoutKind, file: File, control: UploadControl = {}) =>
    api.upload<ItemResponse<Handout>>(PATHS[kind], formOf(file), { ...control, quiet: true }),
  update: (kind: HandoutKind, id: number, file: File, control: UploadControl = {}) =>
    api.upload<ItemResponse<Handout>>(`${PATHS[kind]}/${id}`, formOf(file), { ...control, quiet: true, update: true }),
};
