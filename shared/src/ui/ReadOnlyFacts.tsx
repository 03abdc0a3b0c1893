// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- every app that type-checks the kit needs the *.css declaration, not only those that declare it themselves
/// <reference path="../css.d.ts" />
import type { ReactNode } from 'react';
import './ReadOnlyFacts.css';

export interface Fact {
  label: string;
  /** Empty values read '-', so a missing fact is visibly missing. */
  value: ReactNode;
}

/**
 * Facts of a record shown, not edited (a VOT patient's presumptive info, the volunteer in force):
 * a label/value grid. A definition list underneath, so each value is read with its label.
 */
export function ReadOnlyFacts({ facts, label }: { facts: Fact[]; label?: string }) {
  return (
    <dl className="vot-facts" aria-label={label}>
      {facts.map((f) => (
        <div key={f.label}>
          <dt>{f.label}</dt>
          <dd>{f.value === null || f.value === undefined || f.value === '' ? '-' : f.value}</dd>
        </div>
      ))}
    </dl>
  );
}
