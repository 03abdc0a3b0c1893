import { useEffect, useRef, useState, type ReactNode } from 'react';

/** The frame's class; `data-more-right` / `data-more-left` say where columns lie out of sight (shell styles.css). */
export const SIDE_SCROLL_CLASS = 'vot-side-scroll';

interface Extent {
  /** The table's whole width, the width shown, and how far it is scrolled. */
  width: number;
  shown: number;
  left: number;
}

/**
 * A wide table's frame. When the table is wider than its card (codes longer than the lists are
 * laid out for), the user sees that more columns lie to the right: the sticky Action column casts
 * a shadow over them, and a scrollbar stays at the bottom of the screen while the table runs below
 * it (the table's own scrollbar is then below the fold). Scrolling either moves both.
 */
export function SideScroll({ children, watch }: { children: ReactNode; watch?: unknown }) {
  const frame = useRef<HTMLDivElement>(null);
  const bar = useRef<HTMLDivElement>(null);
  const [extent, setExtent] = useState<Extent>({ width: 0, shown: 0, left: 0 });

  useEffect(() => {
    const wrapper = frame.current?.querySelector<HTMLElement>('.p-datatable-wrapper');
    if (!wrapper) return;
    const measure = () =>
      setExtent((e) =>
        e.width === wrapper.scrollWidth && e.shown === wrapper.clientWidth && e.left === wrapper.scrollLeft
          ? e
          : { width: wrapper.scrollWidth, shown: wrapper.clientWidth, left: wrapper.scrollLeft },
      );
    const followTable = () => {
      if (bar.current && bar.current.scrollLeft !== wrapper.scrollLeft) bar.current.scrollLeft = wrapper.scrollLeft;
      measure();
    };
    const followBar = () => {
      if (bar.current && wrapper.scrollLeft !== bar.current.scrollLeft) wrapper.scrollLeft = bar.current.scrollLeft;
    };
    measure();
    wrapper.addEventListener('scroll', followTable, { passive: true });
    const scrollbar = bar.current;
    scrollbar?.addEventListener('scroll', followBar, { passive: true });
    window.addEventListener('resize', measure);
    // The rows (a page of longer codes) and the card (the menu opened or closed) change the widths.
    const resize = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    resize?.observe(wrapper);
    if (wrapper.firstElementChild) resize?.observe(wrapper.firstElementChild);
    return () => {
      wrapper.removeEventListener('scroll', followTable);
      scrollbar?.removeEventListener('scroll', followBar);
      window.removeEventListener('resize', measure);
      resize?.disconnect();
    };
  }, [watch]);

  const overflows = extent.width > extent.shown + 1;
  return (
    <div
      ref={frame}
      className={SIDE_SCROLL_CLASS}
      data-more-right={overflows && extent.left + extent.shown < extent.width - 1}
      data-more-left={overflows && extent.left > 0}
    >
      {children}
      {/* The same scroll as the table's, for the pointer: the table itself scrolls with the keyboard and a touchpad. */}
      <div ref={bar} className="vot-side-scrollbar" hidden={!overflows} aria-hidden="true">
        <div style={{ width: extent.width }} />
      </div>
    </div>
  );
}
