import { offeredCalls } from '@vot/shared/api';
import { CHECKLIST_ANSWERS, INFECTION_CHECKLIST_QUESTIONS, todayIn } from '@vot/shared/domain';
import { optionsOf, type ListScreen } from '@vot/shared/lists';
import {
  infectionChecklistSchema,
  type InfectionChecklistInput,
  type InfectionChecklistRecord,
} from '@vot/shared/schemas';
import type { FieldDef } from '@vot/shared/ui';
import { infectionChecklistsApi } from './checklist.api';

/** Each numbered question (in Burmese, as the programme's form) with its answer, then the action taken, on a row of its own. */
const questionFields: FieldDef[] = INFECTION_CHECKLIST_QUESTIONS.flatMap((q, i): FieldDef[] => [
  {
    name: `answers.${i}.answer`,
    label: `${i + 1}. ${q.my}`,
    lang: 'my',
    type: 'select',
    options: optionsOf(CHECKLIST_ANSWERS),
  },
  { name: `answers.${i}.action`, label: `Action (${i + 1})`, type: 'textarea' },
]);

/** The create dialog's fields, which the read-only Detail shows too. */
export const checklistFields: FieldDef[] = [
  { name: 'date', label: 'Date', type: 'date', max: todayIn },
  ...questionFields,
];
/** Wide enough for the Burmese questions beside their answers. */
export const CHECKLIST_DIALOG_WIDTH = 'min(56rem, 95vw)';

/** A recorded checklist as the form's values, for its Detail. */
export const checklistValues = (c: InfectionChecklistRecord) =>
  ({
    patient_id: c.patient_id,
    date: c.date,
    answers: c.answers.map((a) => ({ answer: a.answer, action: a.action ?? '' })),
  }) as unknown as InfectionChecklistInput;

const yesCount = (c: InfectionChecklistRecord) => c.answers.filter((a) => a.answer === 'Yes').length;

/**
 * SPEC.md §2 "Other patient-related screens": the infection control check list of a patient. The
 * spec's screen was a static placeholder; here each checklist is a dated record of the 19
 * questions' answers and actions (INFECTION_CHECKLIST_QUESTIONS), made and deleted (its own
 * permission group), never edited: no Update, so the form is New's only, and the page adds a
 * read-only Detail (InfectionChecklist.tsx).
 */
export function infectionChecklistScreen(
  patientId: number,
  patientName: string,
): ListScreen<InfectionChecklistRecord, InfectionChecklistInput> {
  return {
    title: `${patientName} Infection Control Check List`,
    entity: 'Infection Control Checklist',
    permission: 'infection-checklists',
    paged: false,
    api: offeredCalls({
      ...infectionChecklistsApi,
      list: (_params, signal) => infectionChecklistsApi.listOf(patientId, signal),
    }),
    columns: [
      { field: 'id', header: 'ID' },
      { field: 'date', header: 'Date' },
      { field: 'answers', header: 'Yes', body: (c) => `${yesCount(c)} / ${c.answers.length}` },
    ],
    rowButtons: ['delete'],
    form: {
      createTitle: 'Create Infection Control Check List',
      width: CHECKLIST_DIALOG_WIDTH,
      fields: checklistFields,
      schema: infectionChecklistSchema,
      empty: {
        patient_id: patientId,
        date: '',
        answers: INFECTION_CHECKLIST_QUESTIONS.map(() => ({ answer: '', action: '' })),
      } as unknown as InfectionChecklistInput,
    },
  };
}
