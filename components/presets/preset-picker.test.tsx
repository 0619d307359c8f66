// @vitest-environment jsdom
import { act } from 'react';
import { NextIntlClientProvider } from 'next-intl';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { bulkChoiceOf } from '@/lib/presets/options';
import type { Preset } from '@/lib/presets/schemas';
import ar from '@/messages/ar.json';
import en from '@/messages/en.json';
import { mount } from '@/test/mount';
import { PresetPicker } from './preset-picker';

const at = '2026-11-25T10:00:00.000Z';
const preset = (id: string, name: string, options: Partial<Preset> = {}): Preset => ({
  id, name, quality: 'best', format: 'mp4', audioBitrate: '320k', subs: null, embedMetadata: true, exact: false, loudness: 'off',
  isDefault: false, createdAt: at, updatedAt: at, ...options,
});
const PRESETS = [
  preset('pre_a', 'أفضل فيديو'),
  preset('pre_b', '720p (small)', { quality: '720p', isDefault: true }),
  preset('pre_c', 'Audio M4A', { format: 'm4a' }),
];

// jsdom lacks what Radix's popper and select measure with.
globalThis.ResizeObserver ??= class { observe() {} unobserve() {} disconnect() {} } as unknown as typeof ResizeObserver;
Element.prototype.scrollIntoView ??= () => {};
Element.prototype.hasPointerCapture ??= () => false;

const key = (element: Element, name: string) => act(async () => void element.dispatchEvent(new KeyboardEvent('keydown', { key: name, bubbles: true })));

// The select's list is fetched when reached for: fetched once here, so a key press opens it within the same act().
beforeAll(async () => {
  await import('@/components/ui/choice-select-menu');
});

async function render(locale: 'en' | 'ar', props: Partial<Parameters<typeof PresetPicker>[0]> = {}) {
  const onPick = vi.fn();
  const { host } = mount(
    <NextIntlClientProvider locale={locale} messages={locale === 'ar' ? ar : en}>
      <PresetPicker presets={PRESETS} value={null} onPick={onPick} {...props} />
    </NextIntlClientProvider>,
    { dir: locale === 'ar' ? 'rtl' : 'ltr' },
  );
  const select = host.querySelector<HTMLButtonElement>('[data-testid="preset-picker"]')!;
  // The list opens from the keyboard, as Radix's trigger does on Enter.
  await key(select, 'Enter');
  const items = [...document.querySelectorAll<HTMLElement>('[role="option"]')];
  const options = items.map((option) => ({ text: option.textContent, disabled: option.hasAttribute('data-disabled') }));
  return { select, items, options, onPick, label: host.querySelector(`label[for="${select.id}"]`)?.textContent };
}

describe('PresetPicker', () => {
  it('lists the presets under a labelled select, "Custom" until one is picked, the default marked (English)', async () => {
    const { label, options, select } = await render('en');
    expect(label).toBe('Preset');
    expect(select.textContent).toBe('Custom');
    expect(options).toEqual([
      { text: 'أفضل فيديو', disabled: false },
      { text: '720p (small) (Default)', disabled: false },
      { text: 'Audio M4A', disabled: false },
    ]);
  });

  it('speaks Arabic, and a preset a batch cannot make is disabled with its note', async () => {
    const { label, options, select } = await render('ar', { usable: (p) => bulkChoiceOf(p) !== null, unusableNote: ar.Presets.notForBatch });
    expect(label).toBe('إعداد مسبق');
    expect(select.textContent).toBe('مخصص');
    expect(options[1].text).toBe('720p (small) (الافتراضي)');
    expect(options[2]).toEqual({ text: 'Audio M4A (غير متاح للدفعات)', disabled: true });
  });

  it('hands the chosen preset to onPick and shows it as chosen', async () => {
    const { select, items, onPick } = await render('en', { value: 'pre_b' });
    expect(select.textContent).toBe('720p (small) (Default)');
    await key(items[2], 'Enter');
    expect(onPick).toHaveBeenCalledWith(PRESETS[2]);
  });

  it('shows nothing to a visitor without presets', () => {
    const { host } = mount(
      <NextIntlClientProvider locale="en" messages={en}>
        <PresetPicker presets={[]} value={null} onPick={() => undefined} />
      </NextIntlClientProvider>,
    );
    expect(host.innerHTML).toBe('');
  });
});
