// @vitest-environment jsdom
import { act } from 'react';
import { NextIntlClientProvider } from 'next-intl';
import { describe, expect, it, vi } from 'vitest';
import type { TrimValue } from '@/lib/client/trim-range';
import ar from '@/messages/ar.json';
import en from '@/messages/en.json';
import { mount } from '@/test/mount';
import { TrimControl } from './trim-control';

function render(locale: 'en' | 'ar', value: TrimValue = { start: 1, end: 5, exact: false }) {
  const onChange = vi.fn();
  const { host } = mount(
    <NextIntlClientProvider locale={locale} messages={locale === 'ar' ? ar : en}>
      <TrimControl duration={6} value={value} onChange={onChange} />
    </NextIntlClientProvider>,
    { dir: locale === 'ar' ? 'rtl' : 'ltr' },
  );
  const get = (id: string) => host.querySelector<HTMLElement>(`[data-testid=${id}]`)!;
  const press = (id: string, key: string) => act(() => get(id).dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true })));
  return { get, press, onChange };
}

/** A 100 px track from x=0 to x=100, and a press on it at `x`. */
function pressTrack(track: HTMLElement, x: number) {
  track.getBoundingClientRect = () => ({ left: 0, right: 100, width: 100, top: 0, bottom: 32, height: 32, x: 0, y: 0, toJSON() {} });
  track.setPointerCapture = () => {};
  const event = new MouseEvent('pointerdown', { bubbles: true, clientX: x }) as MouseEvent & { pointerId: number };
  Object.defineProperty(event, 'pointerId', { value: 1 });
  act(() => track.dispatchEvent(event));
}

describe('the trim slider', () => {
  it('runs left to right in English: ArrowRight moves later, a press near the left end moves the start', () => {
    const { get, press, onChange } = render('en');
    expect(get('trim-track').getAttribute('dir')).toBe('ltr');
    press('trim-start-handle', 'ArrowRight');
    expect(onChange).toHaveBeenLastCalledWith({ start: 1.1, end: 5, exact: false });
    pressTrack(get('trim-track'), 10);
    expect(onChange).toHaveBeenLastCalledWith({ start: 0.6, end: 5, exact: false });
  });

  it('runs right to left in Arabic: the track mirrors, ArrowRight moves toward the start, the pointer measures from the right', () => {
    const { get, press, onChange } = render('ar');
    const track = get('trim-track');
    expect(track.getAttribute('dir')).toBe('rtl');
    // Positioned from the inline start, which is the right edge in RTL.
    expect(get('trim-start-handle').style.insetInlineStart).toBe(`${(1 / 6) * 100}%`);
    expect(get('trim-start-handle').className).toContain(' translate-x-1/2');
    press('trim-start-handle', 'ArrowRight');
    expect(onChange).toHaveBeenLastCalledWith({ start: 0.9, end: 5, exact: false });
    press('trim-start-handle', 'ArrowLeft');
    expect(onChange).toHaveBeenLastCalledWith({ start: 1.1, end: 5, exact: false });
    press('trim-end-handle', 'ArrowUp');
    expect(onChange).toHaveBeenLastCalledWith({ start: 1, end: 5.1, exact: false });
    // 10 px from the left end is near the end of the media in RTL: the end handle follows.
    pressTrack(track, 10);
    expect(onChange).toHaveBeenLastCalledWith({ start: 1, end: 5.4, exact: false });
  });
});
