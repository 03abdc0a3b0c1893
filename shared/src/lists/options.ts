import type { ResourceApi } from '@vot/shared/api';
import type { Option } from '@vot/shared/ui';

/**
 * Select options from a resource's whole list (a dropdown of regions, projects …). Returns a
 * function for FieldDef.loadOptions; declare it once, at module level, so it stays stable.
 */
export function optionsFrom<T extends { id: number; name: string }>(api: Pick<ResourceApi<T, never>, 'list'>): () => Promise<Option[]> {
  return () => api.list().then((res) => res.data.map((row) => ({ label: row.name, value: row.id })));
}

/** Select options whose label is the stored value itself (genders, training types, referral places …). */
export function optionsOf(values: readonly (string | number)[]): Option[] {
  return values.map((value) => ({ label: String(value), value }));
}

/** A Yes/No question stored as 1/0 (Both MDR and PICTS, a community activity's Referral). */
export const YES_NO_FLAG: Option[] = [
  { label: 'Yes', value: 1 },
  { label: 'No', value: 0 },
];
