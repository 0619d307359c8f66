// @vitest-environment jsdom
import { act, useState } from 'react';
import { NextIntlClientProvider } from 'next-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SplitChoice } from '@/components/media/chapter-options';
import type { Preset } from '@/lib/presets/schemas';
import ar from '@/messages/ar.json';
import arEG from '@/messages/ar-EG.json';
import en from '@/messages/en.json';
import fr from '@/messages/fr.json';
import { mount } from '@/test/mount';
import { BulkDownload } from './bulk-download';
import { BulkSplit, splitFields } from './bulk-split';

const hooks = vi.hoisted(() => ({ start: vi.fn(), presets: [] as unknown[] }));
vi.mock('@/lib/client/use-bulk-batch', () => ({
  useBulkBatch: () => ({ batch: undefined, start: hooks.start, act: vi.fn(), processing: false }),
}));
vi.mock('@/lib/client/use-presets', () => ({ usePresets: () => hooks.presets }));
vi.mock('@/lib/client/use-download-defaults', () => ({ useDownloadDefaults: () => undefined }));
vi.mock('@/lib/client/use-signed-in', () => ({ useSignedIn: () => false }));

afterEach(() => {
  hooks.start.mockReset();
  hooks.presets = [];
});

const MESSAGES = { en, ar, 'ar-EG': arEG, fr } as const;
type Locale = keyof typeof MESSAGES;

function render(locale: Locale, node: React.ReactNode) {
  return mount(
    <NextIntlClientProvider locale={locale} messages={MESSAGES[locale]} timeZone="UTC">
      <div dir={locale.startsWith('ar') ? 'rtl' : 'ltr'}>{node}</div>
    </NextIntlClientProvider>,
  ).host;
}

function Split({ initial = 'off' }: { initial?: SplitChoice }) {
  const [value, setValue] = useState<SplitChoice>(initial);
  return <BulkSplit id="s" value={value} onChange={setValue} />;
}

const box = (host: HTMLElement, testId: string) => host.querySelector<HTMLInputElement>(`[data-testid="${testId}"]`);

describe('the batch’s one file per chapter', () => {
  it('says, in all four languages, that a link without chapters comes whole', () => {
    const hints: Record<Locale, [string, string]> = {
      en: ['One file per chapter (as a ZIP)', 'a link without chapters comes as one file'],
      ar: ['ملف لكل فصل (في ملف ZIP)', 'الرابط الذي ليس فيه فصول ملفًا واحدًا'],
      'ar-EG': ['ملف لكل فصل (في ملف ZIP)', 'اللينك اللي مفيهوش فصول بييجي ملف واحد'],
      fr: ['Un fichier par chapitre (dans un ZIP)', 'Un lien sans chapitres arrive en un seul fichier'],
    };
    for (const [locale, [label, hint]] of Object.entries(hints) as [Locale, [string, string]][]) {
      const host = render(locale, <Split />);
      expect(host.querySelector('label')?.textContent, locale).toBe(label);
      const described = host.querySelector(`[id="${box(host, 'bulk-split')!.getAttribute('aria-describedby')}"]`);
      expect(described?.textContent, locale).toContain(hint);
    }
  });

  it('offers the exact cut only once it is on, and goes off → copy → exact → off', () => {
    const host = render('en', <Split />);
    expect(box(host, 'bulk-split-exact')).toBeNull();
    act(() => box(host, 'bulk-split')!.click());
    expect(box(host, 'bulk-split')!.checked).toBe(true);
    const exact = box(host, 'bulk-split-exact')!;
    expect(exact.checked).toBe(false);
    expect(exact.closest('label')?.textContent).toBe('Cut exactly on each chapter (slower: encoded again)');
    act(() => exact.click());
    expect(box(host, 'bulk-split-exact')!.checked).toBe(true);
    act(() => box(host, 'bulk-split')!.click());
    expect(box(host, 'bulk-split')!.checked).toBe(false);
    expect(box(host, 'bulk-split-exact')).toBeNull();
  });

  it('asks the API for split, and exact only for the exact cut', () => {
    expect(splitFields('off')).toEqual({});
    expect(splitFields('copy')).toEqual({ split: true });
    expect(splitFields('exact')).toEqual({ split: true, exact: true });
  });
});

function fill(textarea: HTMLTextAreaElement, text: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!;
  act(() => {
    setter.call(textarea, text);
    textarea.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

async function submit(host: HTMLElement) {
  fill(host.querySelector<HTMLTextAreaElement>('[data-testid="bulk-textarea"]')!, 'https://example.com/talk.mp4');
  await act(async () => host.querySelector<HTMLButtonElement>('[data-testid="bulk-start"]')!.click());
  expect(hooks.start).toHaveBeenCalledTimes(1);
  return hooks.start.mock.calls[0][0] as Record<string, unknown>;
}

describe('the bulk form', () => {
  it('sends no split until it is turned on, then split (and exact when asked) with the batch', async () => {
    let host = render('en', <BulkDownload />);
    expect(await submit(host)).not.toHaveProperty('split');
    hooks.start.mockReset();

    host = render('en', <BulkDownload />);
    act(() => box(host, 'bulk-split')!.click());
    expect(await submit(host)).toMatchObject({ urls: ['https://example.com/talk.mp4'], split: true });
    expect(hooks.start.mock.calls[0][0]).not.toHaveProperty('exact');
    hooks.start.mockReset();

    act(() => box(host, 'bulk-split-exact')!.click());
    expect(await submit(host)).toMatchObject({ split: true, exact: true });
  });

  it('starts from the default preset’s split', async () => {
    const preset: Partial<Preset> = { id: 'p1', name: 'Chapters', quality: '720p', format: 'mp4', isDefault: true, split: 'exact' };
    hooks.presets = [preset];
    const host = render('fr', <BulkDownload />);
    expect(box(host, 'bulk-split')!.checked).toBe(true);
    expect(box(host, 'bulk-split-exact')!.checked).toBe(true);
    expect(await submit(host)).toMatchObject({ quality: '720p', format: 'mp4', split: true, exact: true });
  });
});
