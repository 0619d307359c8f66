// @vitest-environment jsdom
import { useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useReveal } from '@/lib/client/use-reveal';
import { mount } from '@/test/mount';

/** The result card's shape: a box scrolled into view, a heading that takes focus. */
function Result({ reveal, top }: { reveal: boolean; top: number }) {
  const box = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useReveal(heading, reveal, box);
  return (
    <div ref={box} data-top={top}>
      <h2 ref={heading} tabIndex={-1}>Result</h2>
    </div>
  );
}

function render(reveal: boolean, top: number, reducedMotion = false) {
  const scrolled = vi.fn();
  Element.prototype.scrollIntoView = scrolled;
  Element.prototype.getBoundingClientRect = function (this: Element) {
    const y = Number(this.getAttribute('data-top') ?? 0);
    return { top: y, bottom: y + 500, left: 0, right: 390, width: 390, height: 500, x: 0, y, toJSON() {} };
  };
  window.matchMedia = ((query: string) => ({ matches: reducedMotion && query.includes('reduce') })) as unknown as typeof window.matchMedia;
  Object.defineProperty(window, 'innerHeight', { value: 844, configurable: true });
  const { host } = mount(<Result reveal={reveal} top={top} />);
  return { scrolled, heading: host.querySelector('h2')! };
}

afterEach(() => vi.restoreAllMocks());

describe('a new result on a phone', () => {
  it('below the fold: scrolled into view smoothly, and focus on its heading', () => {
    const { scrolled, heading } = render(true, 1270);
    expect(scrolled).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' });
    expect(document.activeElement).toBe(heading);
  });

  it('with reduced motion the jump is instant', () => {
    const { scrolled } = render(true, 1270, true);
    expect(scrolled).toHaveBeenCalledWith({ behavior: 'auto', block: 'start' });
  });

  it('already in sight: not scrolled, still focused', () => {
    const { scrolled, heading } = render(true, 300);
    expect(scrolled).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(heading);
  });

  it('a result the page opened with is left alone', () => {
    const { scrolled, heading } = render(false, 1270);
    expect(scrolled).not.toHaveBeenCalled();
    expect(document.activeElement).not.toBe(heading);
  });
});
