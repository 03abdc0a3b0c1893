import { useMemo } from 'react';
import MarkdownIt from 'markdown-it';
import { BackButton } from '@vot/shared/ui';
import definitions from '../../../../docs/figures.md';
import './figures.css';

/**
 * /admin/figure-definitions: what each dashboard and report figure counts, by which date, from
 * which records. The text is docs/figures.md itself, written once for the programme officer and
 * the repository alike; raw HTML in it is not rendered (only markdown).
 */
export default function FigureDefinitions() {
  const html = useMemo(() => new MarkdownIt({ html: false, linkify: false }).render(definitions), []);
  return (
    <section className="vot-figures" aria-label="What each figure counts">
      <BackButton />
      {/* Our own document, rendered without raw HTML: nothing a user typed. */}
      <article dangerouslySetInnerHTML={{ __html: html }} />
    </section>
  );
}
