import { offeredCalls } from '@vot/shared/api';
import type { ListScreen } from '@vot/shared/lists';
import type {
  ChangeVolunteerInput,
  ChangeVolunteerRecord,
  Patient,
  PureHybridHistoryRecord,
} from '@vot/shared/schemas';
import { changeVolunteerCreatePath } from '../../routes';
import { changeVolunteersApi, pureHybridHistoriesApi } from './history.api';

type NoInput = Record<string, never>;

/**
 * SPEC.md §2 "Pure or Hybrid history table": ID, Pure Or Hybrid, Date, Volunteer Name, Type, Delete.
 * The server deletes only an entry without visit records (409 with its reason otherwise). New opens
 * the change-volunteer page while the patient is on VOT.
 */
export function changeVolunteerScreen(
  patient: Pick<Patient, 'id' | 'name' | 'DOT_start_date' | 'DOT_end_date'>,
): ListScreen<ChangeVolunteerRecord, ChangeVolunteerInput> {
  const onVot = patient.DOT_start_date !== null && patient.DOT_end_date === null;
  return {
    title: `${patient.name} Pure or Hybrid History`,
    entity: 'Change Volunteer',
    permission: 'change-volunteers',
    paged: false,
    api: offeredCalls({
      ...changeVolunteersApi,
      list: (_params, signal) => changeVolunteersApi.listOf(patient.id, signal),
    }),
    columns: [
      { field: 'id', header: 'ID' },
      { field: 'pure_or_hybrid', header: 'Pure Or Hybrid' },
      { field: 'change_date', header: 'Date' },
      { field: 'volunteer', header: 'Volunteer Name', body: (c) => c.volunteer?.name ?? '' },
      { field: 'type', header: 'Type' },
      { field: 'DOT_count', header: 'VOT Visits' },
    ],
    rowButtons: ['delete'],
    createPath: onVot ? changeVolunteerCreatePath(patient.id) : undefined,
  };
}

/** The variant screen: ID, Change Date, Type (Pure or Hybrid), Delete. */
export function pureHybridHistoryScreen(
  patientId: number,
  patientName: string,
): ListScreen<PureHybridHistoryRecord, NoInput> {
  return {
    title: `${patientName} Pure or Hybrid Change Histories`,
    entity: 'Change Volunteer',
    permission: 'change-volunteers',
    paged: false,
    api: offeredCalls({
      ...pureHybridHistoriesApi,
      list: (_params, signal) => pureHybridHistoriesApi.listOf(patientId, signal),
    }),
    columns: [
      { field: 'id', header: 'ID' },
      { field: 'change_date', header: 'Change Date' },
      { field: 'type', header: 'Type' },
    ],
    rowButtons: ['delete'],
  };
}
