import type { Resource } from '@vot/shared/api';
import type { Option } from '@vot/shared/ui';

/**
 * Select options from a resource's whole list (a dropdown of regions, projects …). Returns a
 * function for FieldDef.loadOptions; declare it once, at module level, so it stays stable.
 */
export function optionsFrom<T extends { id: number; name: string }>(api: Pick<Resource<T, never>, 'list'>): () => Promise<Option[]> {
  return () => api.list().then((res) => res.data.map((row) => ({ label: row.name, value: row.id })));
}
