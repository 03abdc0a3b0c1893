import type { ResourceApi } from '@vot/shared/api';
import type { FieldDef, Option } from '@vot/shared/ui';

/**
 * Select options from a resource's whole list (a dropdown of regions, projects …). Returns a
 * function for FieldDef.loadOptions; declare it once, at module level, so it stays stable.
 */
export function optionsFrom<T extends { id: number; name: string }>(
  api: Pick<ResourceApi<T, never>, 'list'>,
): () => Promise<Option[]> {
  return () => api.list().then((res) => res.data.map((row) => ({ label: row.name, value: row.id })));
}

/** Select options whose label is the stored value itself (genders, training types, referral places …). */
export function optionsOf(values: readonly (string | number)[]): Option[] {
  return values.map((value) => ({ label: String(value), value }));
}

/**
 * The select builder of a table of choices declared once beside a schema (PATIENT_CHOICES): each
 * select takes its label and options from the table, so the form and the schema's messages agree.
 * Choices that follow the calendar (a getter: the Reporting Periods, the years) are read when the
 * field is drawn, not when the module loads, so a form opened on 1 January offers the new quarter.
 */
export function choiceSelects<K extends string>(
  table: Record<K, { label: string; readonly choices: readonly (string | number)[] }>,
) {
  return (name: K, more: Partial<FieldDef> = {}): FieldDef => {
    const dated = Boolean(Object.getOwnPropertyDescriptor(table[name], 'choices')?.get);
    return {
      name,
      label: table[name].label,
      type: 'select',
      ...(dated
        ? { loadOptions: () => Promise.resolve(optionsOf(table[name].choices)) }
        : { options: optionsOf(table[name].choices) }),
      ...more,
    };
  };
}

/** A Yes/No question stored as 1/0 (Both MDR and PICTS, a community activity's Referral). */
export const YES_NO_FLAG: Option[] = [
  { label: 'Yes', value: 1 },
  { label: 'No', value: 0 },
];
