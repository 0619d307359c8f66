// @vitest-environment jsdom
import { act } from 'react';
import { NextIntlClientProvider } from 'next-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChoiceSelectProps } from '@/components/ui/choice-select';
import { DEFAULT_SPONSOR_CHOICE, type SponsorChoice } from '@/lib/media/sponsorblock/categories';
import type { Preset } from '@/lib/presets/schemas';
import ar from '@/messages/ar.json';
import arEG from '@/messages/ar-EG.json';
import en from '@/messages/en.json';
import fr from '@/messages/fr.json';
import { mount } from '@/test/mount';
import { BulkDownload } from './bulk-download';

const hooks = vi.hoisted(() => ({ start: vi.fn(), presets: [] as unknown[], saved: undefined as SponsorChoice | undefined }));
vi.mock('@/lib/client/use-bulk-batch', () => ({
  useBulkBatch: () => ({ batch: undefined, start: hooks.start, act: vi.fn(), processing: false }),
}));
vi.mock('@/lib/client/use-presets', () => ({ usePresets: () => hooks.presets }));
vi.mock('@/lib/client/use-download-defaults', () => ({ useDownloadDefaults: () => undefined }));
vi.mock('@/lib/client/use-signed-in', () => ({ useSignedIn: () => hooks.saved !== undefined }));
vi.mock('@/lib/client/use-sponsor-settings', () => ({
  useSponsorSettings: () => ({ choice: hooks.saved ?? DEFAULT_SPONSOR_CHOICE, mutate: vi.fn() }),
}));
// The site's select loads its menu on intent; a native select stands in for it so a choice can be made here.
vi.mock('@/components/ui/choice-select', () => ({
  ChoiceSelect: ({ id, testId, value, choices, disabled, onValueChange }: ChoiceSelectProps) => (
    <select id={id} data-testid={testId} value={value ?? ''} disabled={disabled} onChange={(event) => onValueChange?.(event.target.value)}>
      <option value="" />
      {choices.map((choice) => <option key={choice.value} value={choice.value}>{String(choice.label)}</option>)}
    </select>
  ),
}));

afterEach(() => {
  hooks.start.mockReset();
  hooks.presets = [];
  hooks.saved = undefined;
});

const MESSAGES = { en, ar, 'ar-EG': arEG, fr } as const;
type Locale = keyof typeof MESSAGES;

const render = (locale: Locale = 'en') =>
  mount(
    <NextIntlClientProvider locale={locale} messages={MESSAGES[locale]} timeZone="UTC">
      <BulkDownload initialText="https://www.youtube.com/watch?v=GrabLineSB1" />
    </NextIntlClientProvider>,
  ).host;

const select = (host: HTMLElement, testId: string) => host.querySelector<HTMLSelectElement>(`select[data-testid="${testId}"]`)!;

function choose(element: HTMLSelectElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')!.set!;
  act(() => {
    setter.call(element, value);
    element.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

async function sent(host: HTMLElement) {
  await act(async () => host.querySelector<HTMLButtonElement>('[data-testid="bulk-start"]')!.click());
  expect(hooks.start).toHaveBeenCalledTimes(1);
  const request = hooks.start.mock.calls[0][0] as Record<string, unknown>;
  hooks.start.mockReset();
  return request;
}

describe('the batch’s SponsorBlock choice', () => {
  it('says, in all four languages, that it applies to YouTube links only', () => {
    const words: Record<Locale, [string, string]> = {
      en: ['SponsorBlock segments', 'For YouTube links only'],
      ar: ['مقاطع SponsorBlock', 'لروابط YouTube فقط'],
      'ar-EG': ['مقاطع SponsorBlock', 'للينكات YouTube بس'],
      fr: ['Segments SponsorBlock', 'Pour les liens YouTube seulement'],
    };
    for (const [locale, [title, hint]] of Object.entries(words) as [Locale, [string, string]][]) {
      const host = render(locale);
      expect(host.querySelector('[data-testid="sponsorblock-toggle"]')?.textContent, locale).toBe(title);
      expect(host.querySelector('[id="bulk-sponsor-hint"]')?.textContent, locale).toContain(hint);
    }
  });

  it('starts a visitor from the default lists and sends them with the batch', async () => {
    const host = render();
    expect(select(host, 'sponsor-sponsor').value).toBe('mark');
    expect(select(host, 'sponsor-intro').value).toBe('keep');
    expect(await sent(host)).toMatchObject({ urls: ['https://www.youtube.com/watch?v=GrabLineSB1'], sponsorMark: ['sponsor', 'selfpromo', 'interaction'], sponsorRemove: [] });
  });

  it('starts a user from their saved lists, and sends what they change', async () => {
    hooks.saved = { mark: ['intro'], remove: ['selfpromo'] };
    const host = render();
    expect(select(host, 'sponsor-selfpromo').value).toBe('remove');
    expect(await sent(host)).toMatchObject({ sponsorMark: ['intro'], sponsorRemove: ['selfpromo'] });
    choose(select(host, 'sponsor-sponsor'), 'remove');
    choose(select(host, 'sponsor-intro'), 'keep');
    expect(await sent(host)).toMatchObject({ sponsorMark: [], sponsorRemove: ['sponsor', 'selfpromo'] });
  });

  it('takes a preset’s lists, a list it leaves unsaid being the user’s own', async () => {
    hooks.saved = { mark: ['outro'], remove: [] };
    const base: Partial<Preset> = { quality: '720p', format: 'mp4', split: 'off' };
    hooks.presets = [
      { ...base, id: 'p1', name: 'Clean', isDefault: true, sponsorMark: null, sponsorRemove: ['sponsor'] },
      { ...base, id: 'p2', name: 'Plain', isDefault: false, sponsorMark: null, sponsorRemove: null },
      { ...base, id: 'p3', name: 'Marked', isDefault: false, sponsorMark: ['filler'], sponsorRemove: [] },
    ];
    const host = render();
    expect(await sent(host)).toMatchObject({ sponsorMark: ['outro'], sponsorRemove: ['sponsor'] });
    choose(select(host, 'preset-picker'), 'p3');
    expect(select(host, 'sponsor-filler').value).toBe('mark');
    expect(await sent(host)).toMatchObject({ sponsorMark: ['filler'], sponsorRemove: [] });
    choose(select(host, 'sponsor-sponsor'), 'remove');
    expect(await sent(host)).toMatchObject({ sponsorMark: ['filler'], sponsorRemove: ['sponsor'] });
    // Another preset drops the visitor's change: one that says nothing leaves the user's setting.
    choose(select(host, 'preset-picker'), 'p2');
    expect(await sent(host)).toMatchObject({ sponsorMark: ['outro'], sponsorRemove: [] });
  });
});
