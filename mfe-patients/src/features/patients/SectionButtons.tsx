import { Button } from 'primereact/button';
import { useSearchParams } from 'react-router-dom';

export interface Section {
  key: string;
  label: string;
  /** Whether its value is recorded: blue when it is, red when not (SPEC.md §2); no colour when undefined. */
  set?: boolean;
}

export const GREEN = '#22A06B';
const BLUE = '#073674';
const RED = '#EB2429';

/** The section shown, from ?{param} (so Back and a shared link keep it), else the first. */
export function useSection(sections: Section[], param: string): [string, (key: string) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get(param);
  const current = sections.some((s) => s.key === asked) ? asked! : sections[0]!.key;
  const choose = (key: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.set(param, key);
        return next;
      },
      { replace: true },
    );
  return [current, choose];
}

/** A row of buttons choosing one section at a time: green when active, blue when recorded, red when not. */
export function SectionButtons({
  sections,
  current,
  onChoose,
  label,
}: {
  sections: Section[];
  current: string;
  onChoose: (key: string) => void;
  label: string;
}) {
  return (
    <div
      role="tablist"
      aria-label={label}
      style={{ display: 'flex', flexWrap: 'wrap', gap: '0.4rem', margin: '0.5rem 0 1rem' }}
    >
      {sections.map((s) => {
        const colour = s.key === current ? GREEN : s.set === undefined ? '#64748B' : s.set ? BLUE : RED;
        return (
          <Button
            key={s.key}
            type="button"
            role="tab"
            aria-selected={s.key === current}
            data-colour={colour}
            label={s.label}
            size="small"
            style={{ background: colour, borderColor: colour, color: '#fff' }}
            onClick={() => onChoose(s.key)}
          />
        );
      })}
    </div>
  );
}
