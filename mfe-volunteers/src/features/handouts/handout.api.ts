import { call } from '@vot/shared/api';
import type { HandoutKind } from '@vot/shared/domain';
import { HANDOUT_OPERATIONS } from '@vot/shared/operations';

export interface UploadControl {
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

// Both kinds' operations differ only by their path: one kind's types serve both.
const opsOf = (kind: HandoutKind) => HANDOUT_OPERATIONS[kind] as (typeof HANDOUT_OPERATIONS)['volunteer'];

/** SPEC.md §7 volunteer-handouts and patient-handouts: a list of none or one, multipart create and update. */
export const handoutsApi = {
  list: (kind: HandoutKind, signal?: AbortSignal) => call(opsOf(kind).list, {}, { quiet: true, signal }),
  create: (kind: HandoutKind, file: File, control: UploadControl = {}) =>
    call(opsOf(kind).create, { files: { file } }, { ...control, quiet: true }),
  update: (kind: HandoutKind, id: number, file: File, control: UploadControl = {}) =>
    call(opsOf(kind).update, { params: { id }, files: { file } }, { ...control, quiet: true }),
};
