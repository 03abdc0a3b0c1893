import type { ListScreen } from '@vot/shared/lists';
import type { ChangeVolunteerInput, ChangeVolunteerRecord, PureHybridHistoryRecord } from '@vot/shared/schemas';
import { changeVolunteersApi, pureHybridHistoriesApi } from './history.api';

type NoInput = Record<string, never>;

/**
 * SPEC.md §2 "Pure or Hybrid history table": ID, Pure Or Hybrid, Date, Volunteer Name, Type, Delete.
 * The server deletes only an entry without visit records (409 with its reason otherwise).
 */
export function changeVolunteerScreen(
  patientId: number,
  patientName?: string,
): ListScreen<ChangeVolunteerRecord, ChangeVolunteerInput> {
  return {
    title: patientName ? `Pure or Hybrid History of ${patientName}` : 'Pure or Hybrid History',
    entity: 'Change Volunteer',
    permission: 'change-volunteers',
    paged: false,
    api: { ...changeVolunteersApi, list: (_p, signal) => changeVolunteersApi.listOf(patientId, signal) },
    columns: [
      { field: 'id', header: 'ID' },
      { field: 'pure_or_hybrid', header: 'Pure Or Hybrid' },
      { field: 'change_date', header: 'Date' },
      { field: 'volunteer', header: 'Volunteer Name', body: (c) => c.volunteer?.name ?? '' },
      { field: 'type', header: 'Type' },
      { field: 'DOT_count', header: 'VOT Visits' },
    ],
    rowButtons: ['delete'],
  };
}

/** The variant screen: ID, Change Date, Type (Pure or Hybrid), Delete. */
export function pureHybridHistoryScreen(
  patientId: number,
  patientName?: string,
): ListScreen<PureHybridHistoryRecord, NoInput> {
  return {
    title: patientName ? `Pure or Hybrid Change Histories of ${patientName}` : 'Pure or Hybrid Change Histories',
    entity: 'Change Volunteer',
    permission: 'change-volunteers',
    paged: false,
    api: { ...pureHybridHistoriesApi, list: (_p, signal) => pureHybridHistoriesApi.listOf(patientId, signal) },
    columns: [
      { field: 'id', header: 'ID' },
      { field: 'change_date', header: 'Change Date' },
      { field: 'type', header: 'Type' },
    ],
    rowButtons: ['delete'],
  };
}
