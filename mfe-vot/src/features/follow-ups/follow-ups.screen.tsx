import {
  FOLLOW_UP_ACTIONS,
  FOLLOW_UP_LEVELS,
  FOLLOW_UP_OUTCOMES,
  MISSED_DOSE_BAND_LABELS,
  todayIn,
} from '@vot/shared/domain';
import { optionsOf, townshipFilter, type ExportColumn, type ListScreen } from '@vot/shared/lists';
import { followUpSchema, type FollowUpInput, type FollowUpRow } from '@vot/shared/schemas';
import { withVolunteerDetailPath, withoutVolunteerDetailPath } from '../../routes';
import { dialable } from '../ledger/missed-doses.screen';
import { daysText } from '../ledger/ledger';
import { followUpsApi, worklistCalls } from './follow-ups.api';

const adherence = (r: FollowUpRow) => (r.adherence == null ? '-' : `${r.adherence.toFixed(1)}%`);
const band = (r: FollowUpRow) => (r.missed_band ? MISSED_DOSE_BAND_LABELS[r.missed_band] : '-');
const lastAction = (r: FollowUpRow) => (r.last_action ? `${r.last_action}: ${r.last_outcome}` : 'None yet');
/** When the last action was recorded, as a day in the browser's clock (staff read it in Myanmar). */
const actedOn = (r: FollowUpRow) => (r.last_action_at ? new Date(r.last_action_at).toLocaleDateString('en-CA') : '');

/** Whether the next action is late or due today, said beside its day (a day alone is easy to pass over). */
const dueNote = (day: string) => {
  const today = todayIn();
  return day < today ? ' (overdue)' : day === today ? ' (today)' : '';
};

const exportColumns: ExportColumn<FollowUpRow>[] = [
  { header: 'ID', field: 'id' },
  { header: 'SP Code', field: 'SP_code' },
  { header: 'Name', field: 'name' },
  { header: 'Township', value: (r) => r.township?.name ?? '' },
  { header: 'Patient Phone No', field: 'patient_phone_no' },
  { header: 'Volunteer', value: (r) => r.volunteer?.name ?? '' },
  { header: 'Missed In A Row', field: 'current_missed_run' },
  { header: 'Adherence %', value: (r) => r.adherence ?? '' },
  { header: 'Missed Doses', value: band },
  { header: 'Last Observed Dose', field: 'last_observed_date' },
  { header: 'Case Opened', field: 'opened_on' },
  { header: 'Whose Case', field: 'level' },
  { header: 'Owner', value: (r) => r.owner ?? '' },
  { header: 'Last Action', value: (r) => r.last_action ?? '' },
  { header: 'Outcome', value: (r) => r.last_outcome ?? '' },
  { header: 'Action Recorded', value: actedOn },
  { header: 'Due', field: 'due_date' },
];

/**
 * The missed-dose worklist (docs/decisions/0170-missed-dose-worklist.md): the patients whose
 * current missed run reached the threshold, most at risk first, each with a phone link, who owns
 * the case (the level and the person, docs/decisions/0177) and when it is due; searched by name;
 * Record Action opens the follow-up form (the shared schema).
 */
export const followUpsScreen: ListScreen<FollowUpRow, FollowUpInput, FollowUpRow> = {
  title: 'Follow-ups',
  entity: 'Follow-up',
  permission: 'follow-ups',
  api: worklistCalls,
  filters: [
    // Word beginnings of the name, Burmese or Latin, as the patient lists search.
    { name: 'name', label: 'Name' },
    townshipFilter,
    { name: 'level', label: 'Whose Case', type: 'select', options: optionsOf(FOLLOW_UP_LEVELS) },
  ],
  // Ten columns fit 1366 pixels: the last observed dose under the run it ended, the case's age and when
  // it is due under its owner.
  columns: [
    { field: 'id', header: 'ID' },
    { field: 'SP_code', header: 'SP Code', nowrap: true },
    { field: 'name', header: 'Name' },
    { field: 'township', header: 'Township', body: (r) => r.township?.name ?? '-' },
    {
      field: 'patient_phone_no',
      header: 'Patient Phone No',
      nowrap: true,
      body: (r) => (r.patient_phone_no ? <a href={dialable(r.patient_phone_no)}>{r.patient_phone_no}</a> : '-'),
    },
    { field: 'volunteer', header: 'Volunteer', body: (r) => r.volunteer?.name ?? '-' },
    {
      field: 'current_missed_run',
      header: 'Missed In A Row',
      body: (r) => (
        <>
          <strong className="vot-ledger-warning">{daysText(r.current_missed_run)}</strong>
          <br />
          <small style={{ whiteSpace: 'nowrap' }}>
            {r.last_observed_date ? `last dose ${r.last_observed_date}` : 'no dose observed'}
          </small>
        </>
      ),
    },
    { field: 'adherence', header: 'Adherence', body: (r) => `${adherence(r)} (${band(r)} missed)` },
    {
      field: 'level',
      header: 'Whose Case, Due',
      body: (r) => (
        <>
          {r.level}
          {r.owner && (
            <>
              <br />
              <strong>{r.owner}</strong>
            </>
          )}
          <br />
          <small>{r.days_open > 0 ? `open ${daysText(r.days_open)}` : 'opened today'}</small>
          <br />
          <strong className={r.due_date < todayIn() ? 'vot-ledger-warning' : undefined}>
            due {r.due_date}
            {dueNote(r.due_date)}
          </strong>
        </>
      ),
    },
    {
      field: 'last_action',
      header: 'Last Action',
      body: (r) => (
        <>
          {lastAction(r)}
          {r.last_action_at && (
            <>
              <br />
              <small>{actedOn(r)}</small>
            </>
          )}
        </>
      ),
    },
  ],
  rowButtons: [],
  rowDialogs: [
    {
      label: 'Record Action',
      action: 'create',
      title: 'Record Follow-up Action',
      entity: 'Follow-up',
      fields: [
        { name: 'action', label: 'Action', type: 'select', options: optionsOf(FOLLOW_UP_ACTIONS) },
        { name: 'outcome', label: 'Outcome', type: 'select', options: optionsOf(FOLLOW_UP_OUTCOMES) },
        { name: 'remark', label: 'Remark', type: 'textarea' },
        { name: 'next_date', label: 'Next Date', type: 'date', min: () => todayIn() },
      ],
      schema: followUpSchema,
      toInput: (r) => ({ patient_id: r.id, action: '', outcome: '', remark: '', next_date: '' }),
      submit: (_r, values) => followUpsApi.record(values as FollowUpInput),
    },
  ],
  rowActions: [
    {
      label: 'Detail',
      action: 'read',
      resource: 'vot-status',
      to: (r) => (r.volunteer ? withVolunteerDetailPath(r.id) : withoutVolunteerDetailPath(r.id)),
    },
  ],
  export: {
    fileName: 'Follow-ups',
    load: (applied) => followUpsApi.exportRows(applied),
    columns: exportColumns,
  },
};
