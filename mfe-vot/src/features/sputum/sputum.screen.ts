import { offeredCalls } from '@vot/shared/api';
import { DONE_NOT_DONE, SPUTUM_GRADES, SPUTUM_MONTHS, todayIn } from '@vot/shared/domain';
import { optionsOf, type CrudScreen } from '@vot/shared/lists';
import { fuSputumSchema, type FuSputumExportRow, type FuSputumInput, type FuSputumRecord } from '@vot/shared/schemas';
import { fuSputumApi } from './sputum.api';

const notDone = (values: Record<string, unknown>) => values.smear !== 'Done';

/**
 * SPEC.md §2 "Other patient-related screens": the F/U sputum examinations of a patient (ID, Month,
 * To Send Date, Send Date, Smear, Date, Result, Action), create and detail/update dialogs, Export
 * 'FU-Sputum-Examinition', titled with the patient. The smear date and result are disabled (and emptied) until Done is chosen
 * (SPEC.md §4).
 */
export function fuSputumScreen(
  patientId: number,
  patientName: string,
): CrudScreen<FuSputumRecord, FuSputumInput, FuSputumExportRow> {
  return {
    title: `${patientName} F/U Sputum Examinition List`,
    entity: 'F/U Sputum Examinition',
    permission: 'fu-sputum',
    paged: false,
    api: offeredCalls({ ...fuSputumApi, list: (_params, signal) => fuSputumApi.listOf(patientId, signal) }),
    columns: [
      { field: 'id', header: 'ID' },
      { field: 'month', header: 'Month' },
      { field: 'to_send_date', header: 'To Send Date' },
      { field: 'send_date', header: 'Send Date' },
      { field: 'smear', header: 'Smear' },
      { field: 'smear_date', header: 'Date' },
      { field: 'smear_result', header: 'Result' },
    ],
    export: {
      fileName: 'FU-Sputum-Examinition',
      load: () => fuSputumApi.exportOf(patientId),
      columns: [
        { header: 'ID', field: 'id' },
        { header: 'Patient Name', field: 'patient_name' },
        { header: 'Month', field: 'month' },
        { header: 'To Send Date', field: 'to_send_date' },
        { header: 'Send Date', field: 'send_date' },
        { header: 'Smear', field: 'smear' },
        { header: 'Smear Date', field: 'smear_date' },
        { header: 'Smear Result', field: 'smear_result' },
        { header: 'Remark', field: 'remark' },
      ],
    },
    form: {
      createTitle: 'Create F/U Sputum Examinition',
      updateTitle: 'F/U Sputum Examinition Detail',
      fields: [
        { name: 'month', label: 'Month', type: 'select', options: optionsOf(SPUTUM_MONTHS) },
        { name: 'to_send_date', label: 'To Send Date', type: 'date' },
        { name: 'send_date', label: 'Send Date', type: 'date', max: todayIn },
        { name: 'smear', label: 'Smear', type: 'select', options: optionsOf(DONE_NOT_DONE) },
        { name: 'smear_date', label: 'Smear Date', type: 'date', max: todayIn, disabledWhen: notDone },
        {
          name: 'smear_result',
          label: 'Smear Result',
          type: 'select',
          options: optionsOf(SPUTUM_GRADES),
          disabledWhen: notDone,
        },
        { name: 'remark', label: 'Remark', type: 'textarea' },
      ],
      schema: fuSputumSchema,
      empty: {
        patient_id: patientId,
        month: '',
        to_send_date: '',
        send_date: '',
        smear: '',
        smear_date: '',
        smear_result: '',
        remark: '',
      } as unknown as FuSputumInput,
      toInput: (s) =>
        ({
          patient_id: s.patient_id,
          month: s.month,
          to_send_date: s.to_send_date ?? '',
          send_date: s.send_date ?? '',
          smear: s.smear,
          smear_date: s.smear_date ?? '',
          smear_result: s.smear_result ?? '',
          remark: s.remark ?? '',
        }) as unknown as FuSputumInput,
    },
  };
}
