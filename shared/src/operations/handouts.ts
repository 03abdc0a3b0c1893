// The schemas' own files, not their index (operations never load every form's schema).
import { HANDOUT_KINDS, type HandoutKind } from '../domain/volunteers';
import type { Handout } from '../schemas/volunteers';
import { item, list, operation, updated } from './operation';

const handouts = { resource: 'handouts' as const };

/** SPEC.md §7 `<kind>-handouts`: a list of none or one, show, a PDF uploaded (multipart) and replaced. */
export const handoutOperations = <K extends HandoutKind>(kind: K) => {
  const base = `/${kind}-handouts` as const;
  return {
    list: operation({
      method: 'GET',
      path: base,
      permission: { ...handouts, action: 'read' },
      summary: `The ${kind} handout (a list of none or one)`,
      answer: list<Handout>('Handout'),
    }),
    show: operation({
      method: 'GET',
      path: `${base}/:id`,
      permission: { ...handouts, action: 'read' },
      summary: `The ${kind} handout`,
      answer: item<Handout>('Handout'),
    }),
    create: operation({
      method: 'POST',
      path: base,
      permission: { ...handouts, action: 'create' },
      summary: `Upload the ${kind} handout (a PDF; 409 once there is one)`,
      upload: { files: ['file'] as const },
      refusals: [409],
      answer: item<Handout>('Handout', 'created'),
    }),
    update: operation({
      method: 'PUT',
      path: `${base}/:id`,
      permission: { ...handouts, action: 'update' },
      summary: `Replace the ${kind} handout's PDF`,
      upload: { files: ['file'] as const },
      answer: updated<Handout>('Handout'),
    }),
  };
};

/** The handouts' operations, by kind. */
export const HANDOUT_OPERATIONS = Object.fromEntries(HANDOUT_KINDS.map((kind) => [kind, handoutOperations(kind)])) as {
  [K in HandoutKind]: ReturnType<typeof handoutOperations<K>>;
};
