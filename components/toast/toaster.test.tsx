// @vitest-environment jsdom
import { act } from 'react';
import { NextIntlClientProvider } from 'next-intl';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ar from '@/messages/ar.json';
import en from '@/messages/en.json';
import { mount, type Mounted } from '@/test/mount';
import { Toaster } from './toaster';
import { dismissToast, toast } from '@/lib/client/use-toast';

let rerender: Mounted['rerender'];
const shown = () => [...document.querySelectorAll('ol > li[data-state="open"]')];

beforeEach(() => {
  vi.useFakeTimers();
  ({ rerender } = mount(
    <NextIntlClientProvider locale="en" messages={en}>
      <Toaster />
    </NextIntlClientProvider>,
  ));
});

afterEach(() => {
  act(() => dismissToast());
  act(() => vi.runOnlyPendingTimers());
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('Toaster', () => {
  it('shows one toast at a time: a new one replaces the one on screen', () => {
    act(() => void toast({ title: 'Pasted!' }));
    act(() => void toast({ title: 'Analysis Complete!', description: 'Media information retrieved successfully' }));
    expect(shown()).toHaveLength(1);
    expect(shown()[0].textContent).toContain('Analysis Complete!');
  });

  it('closes a toast by itself after 5000 ms', () => {
    act(() => void toast({ title: 'Success', description: 'Settings saved successfully' }));
    act(() => vi.advanceTimersByTime(4900));
    expect(shown()).toHaveLength(1);
    act(() => vi.advanceTimersByTime(200));
    expect(shown()).toHaveLength(0);
  });

  it('F8 moves focus to the toast area, labelled for screen readers', () => {
    act(() => void toast({ title: 'Pasted!' }));
    act(() => void document.dispatchEvent(new KeyboardEvent('keydown', { key: 'F8', code: 'F8', bubbles: true })));
    const region = document.querySelector('[role="region"]');
    expect(region?.getAttribute('aria-label')).toContain('Notifications (F8)');
    expect(region?.contains(document.activeElement)).toBe(true);
  });

  it('names the toast area in the visitor’s language', () => {
    rerender(
      <NextIntlClientProvider locale="ar" messages={ar}>
        <Toaster />
      </NextIntlClientProvider>,
    );
    const region = document.querySelector('[role="region"]');
    expect(region?.getAttribute('aria-label')).toBe('الإشعارات (F8)');
  });

  it('logs error toasts to the console, and only those', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    act(() => void toast({ title: 'Success', description: 'Download removed from history' }));
    expect(log).not.toHaveBeenCalled();
    act(() => void toast({ title: 'Error', description: 'Failed to delete from history', variant: 'destructive' }));
    expect(log).toHaveBeenCalledWith('[toast]', 'Error', 'Failed to delete from history');
    expect(shown()[0].className).toContain('destructive');
  });
});
