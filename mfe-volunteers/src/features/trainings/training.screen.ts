import { ApiError } from '@vot/shared/api';
import { TRAINING_TYPES, todayIn } from '@vot/shared/domain';
import { optionsOf, type CrudScreen } from '@vot/shared/lists';
import { type Training, type TrainingExportRow, type TrainingInput, trainingSchema } from '@vot/shared/schemas';
import { trainingsApi } from './training.api';

export const trainingListTitle = (volunteerName: string | undefined) =>
  volunteerName ? `Training List of ${volunteerName}` : 'Volunteer Training List';

/** What a list call said of the page's volunteer: its name, or that there is none for this user (404). */
export type VolunteerAnswer = { name: string } | 'missing';

/**
 * SPEC.md §2: one volunteer's trainings, with a month filter, export, New, Update and Delete. The
 * title names the volunteer: the list call answers whose trainings these are (`onVolunteer` tells
 * the page, which titles with it), else the rows do.
 */
export function trainingScreen(
  volunteerId: number,
  onVolunteer?: (answer: VolunteerAnswer) => void,
): CrudScreen<Training, TrainingInput, TrainingExportRow> {
  return {
    title: (rows) => trainingListTitle(rows[0]?.volunteer.name),
    entity: 'Training',
    permission: 'trainings',
    api: {
      ...trainingsApi,
      list: async (params, signal) => {
        try {
          const page = await trainingsApi.listOf(volunteerId, params, signal);
          if (page.volunteer) onVolunteer?.({ name: page.volunteer.name });
          return page;
        } catch (error) {
          if (error instanceof ApiError && error.status === 404) onVolunteer?.('missing');
          throw error;
        }
      },
    },
    filters: [{ name: 'month_year', label: 'Month', type: 'month' }],
    columns: [
      { field: 'id', header: 'ID' },
      { field: 'date', header: 'Date' },
      { field: 'type', header: 'Type' },
      { field: 'township', header: 'Township', body: (t) => t.volunteer.township?.name ?? '' },
    ],
    export: {
      fileName: 'Volunteer-Trainings',
      suffixFrom: ['month_year'],
      load: (filters) => trainingsApi.exportOf(volunteerId, filters),
      columns: [
        { header: 'Volunteer', field: 'volunteer' },
        { header: 'Township', field: 'township' },
        { header: 'Date', field: 'date' },
        { header: 'Type', field: 'type' },
      ],
    },
    form: {
      createTitle: 'Create Training',
      updateTitle: 'Update Training',
      // The volunteer is the route's: carried in the values, not a field.
      fields: [
        { name: 'date', label: 'Date', type: 'date', max: todayIn },
        { name: 'type', label: 'Type', type: 'select', options: optionsOf(TRAINING_TYPES) },
      ],
      schema: trainingSchema,
      // Nothing chosen yet: the schema answers 'Date is required!' and 'Type is required!'.
      empty: { volunteer_id: volunteerId, date: '', type: '' } as unknown as TrainingInput,
      toInput: (t) => ({ volunteer_id: t.volunteer.id, date: t.date, type: t.type }) as TrainingInput,
    },
  };
}
