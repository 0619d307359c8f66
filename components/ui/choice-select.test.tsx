// @vitest-environment jsdom
import { act } from 'react';
import { renderToString } from 'react-dom/server';
import { NextIntlClientProvider } from 'next-intl';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { mountAsync } from '@/test/mount';
import { ChoiceSelect } from './choice-select';

// jsdom lacks what Radix's popper and select measure with.
globalThis.ResizeObserver ??= class { observe() {} unobserve() {} disconnect() {} } as unknown as typeof ResizeObserver;
Element.prototype.scrollIntoView ??= () => {};
Element.prototype.hasPointerCapture ??= () => false;

// The list's code is fetched once here, so a press opens it within the same act().
beforeAll(async () => {
  await import('./choice-select-menu');
});

const CHOICES = [
  { value: 'mp4', label: 'MP4' },
  { value: 'mp3', label: 'MP3' },
];

function select(props: Partial<Parameters<typeof ChoiceSelect>[0]> = {}) {
  return (
    <NextIntlClientProvider locale="en" messages={{}}>
      <form>
        <label htmlFor="format">Format</label>
        <ChoiceSelect id="format" name="format" testId="format" choices={CHOICES} defaultValue="mp4" {...props} />
      </form>
    </NextIntlClientProvider>
  );
}

const trigger = (host: HTMLElement) => host.querySelector<HTMLButtonElement>('[data-testid=format]')!;
const options = () => [...document.querySelectorAll('[role=option]')].map((option) => option.textContent);

describe('ChoiceSelect before its list is fetched', () => {
  it('is in the server’s HTML as a closed select showing its choice, disabled until hydrated, the choice in the form', () => {
    const html = renderToString(select());
    expect(html).toMatch(/<button[^>]*role="combobox"[^>]*disabled=""/);
    expect(html).toContain('MP4');
    expect(html).toMatch(/<input type="hidden" name="format" value="mp4"/);
  });

  it('shows the placeholder while nothing is chosen, named by its label, with no list in the page', async () => {
    const { host } = await mountAsync(select({ defaultValue: undefined, placeholder: 'Pick one' }));
    const button = trigger(host);
    expect(button.disabled).toBe(false);
    expect(button.textContent).toBe('Pick one');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(host.querySelector('label')?.htmlFor).toBe(button.id);
    expect(options()).toEqual([]);
    expect(new FormData(host.querySelector('form')!).get('format')).toBeNull();
  });

  it('opens the real list on a key press, and a pick reaches onValueChange', async () => {
    const onValueChange = vi.fn();
    const { host } = await mountAsync(select({ onValueChange }));
    await act(async () => void trigger(host).dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true })));
    expect(options()).toEqual(['MP4', 'MP3']);
    const mp3 = [...document.querySelectorAll<HTMLElement>('[role=option]')][1];
    await act(async () => void mp3.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true })));
    expect(onValueChange).toHaveBeenCalledWith('mp3');
    expect(trigger(host).textContent).toBe('MP3');
  });

  it('hands its focus to the real trigger, closed', async () => {
    const { host } = await mountAsync(select());
    const standIn = trigger(host);
    await act(async () => standIn.focus());
    const real = trigger(host);
    expect(real).not.toBe(standIn);
    expect(document.activeElement).toBe(real);
    expect(real.getAttribute('aria-expanded')).toBe('false');
  });
});
