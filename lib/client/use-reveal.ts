'use client';

import { useEffect, type RefObject } from 'react';

/** Less of a new result than this (px) showing at the bottom of the window counts as out of sight. */
const IN_SIGHT = 120;

/**
 * Once, when `enabled` at mount: a result that appeared out of sight (on a phone it lands below the fold) is scrolled
 * into view — smoothly, unless the visitor asked for reduced motion — and focus moves to its heading, so keyboard and
 * screen reader users land on it too. The heading needs tabIndex -1; `box` (default: the heading) is what is scrolled.
 */
export function useReveal(heading: RefObject<HTMLElement | null>, enabled: boolean, box?: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const target = heading.current;
    if (!enabled || !target) return;
    const scrolled = box?.current ?? target;
    const { top, bottom } = scrolled.getBoundingClientRect();
    if (top > window.innerHeight - IN_SIGHT || bottom < 0) {
      const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
      scrolled.scrollIntoView({ behavior: reduced ? 'auto' : 'smooth', block: 'start' });
    }
    target.focus({ preventScroll: true });
    // Only the mount: a later change of `enabled` is no new result.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
