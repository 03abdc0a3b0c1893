import type { ReactNode } from 'react';
import { BackButton } from '@vot/shared/ui';

/** The frame of the create and detail pages: back button, title, the form. */
export function CommunityPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="vot-list-page" aria-labelledby="community-title">
      <header className="vot-list-header">
        <BackButton />
        <h2 id="community-title">{title}</h2>
      </header>
      <div style={{ maxWidth: '48rem' }}>{children}</div>
    </section>
  );
}
