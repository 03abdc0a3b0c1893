/** 'Name is required!' — the spec's wording for a required field (SPEC.md §5). */
export const required = (label: string) => `${label} is required!`;
