import { CHECKLIST_ANSWERS, INFECTION_CHECKLIST_QUESTIONS, todayIn } from '@vot/shared/domain';
import { optionsOf, type CrudScreen } from '@vot/shared/lists';
import { infectionChecklistSchema, type InfectionChecklistInput, type InfectionChecklistRecord } from '@vot/shared/schemas';
import type { FieldDef } from '@vot/shared/ui';
import { infectionChecklistsApi } from './checklist.api';

/** Each numbered question (in Burmese, as the programme's form) with its answer, then the action taken, on a row of its own. */
const questionFields: FieldDef[] = INFECTION_CHECKLIST_QUESTIONS.flatMap((q, i): FieldDef[] => [
  { name: `answers.${i}.answer`, label: `${i + 1}. ${q.my}`, lang: 'my', type: 'select', options: optionsOf(CHECKLIST_ANSWERS) },
  { name: `answers.${i}.action`, label: `Action (${i + 1})`, type: 'textarea' },
]);

const yesCount = (c: InfectionChecklistRecord) => c.answers.filter((a) => a.answer === 'Yes').length;

/**
 * SPEC.md §2 "Other patient-related screens": the infection control check list of a patient and its
 * detail dialog. The spec's screen was a static placeholder; here each checklist is a dated record
 * of the 19 questions' answers and actions (INFECTION_CHECKLIST_QUESTIONS), made and deleted
 * (its own permission group), never edited: the row shows its Detail read-only.
 */
export function infectionChecklistScreen(patientId: number, patientName: string): CrudScreen<InfectionChecklistRecord, InfectionChecklistInput> {
  return {
    title: `${patientName} Infection Control Check List`,
    entity: 'Infection Control Checklist',
    permission: 'infection-checklists',
    paged: false,
    api: { ...infectionChecklistsApi, list: (_params, signal) => infectionChecklistsApi.listOf(patientId, signal) },
    columns: [
      { field: 'id', header: 'ID' },
      { field: 'date', header: 'Date' },
      { field: 'answers', header: 'Yes', body: (c) => `${yesCount(c)} / ${c.answers.length}` },
    ],
    rowButtons: ['detail', 'delete'],
    form: {
      createTitle: 'Create Infection Control Check List',
      updateTitle: 'Infection Control Check List Detail',
      width: 'min(56rem, 95vw)',
      fields: [{ name: 'date', label: 'Date', type: 'date', max: todayIn }, ...questionFields],
      schema: infectionChecklistSchema,
      empty: { patient_id: patientId, date: '', answers: INFECTION_CHECKLIST_QUESTIONS.map(() => ({ answer: '', action: '' })) } as unknown as InfectionChecklistInput,
      toInput: (c) => ({ patient_id: c.patient_id, date: c.date, answers: c.answers.map((a) => ({ answer: a.answer, action: a.action ?? '' })) }) as unknown as InfectionChecklistInput,
    },
  };
}
