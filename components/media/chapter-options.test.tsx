// @vitest-environment jsdom
import { act } from 'react';
import { NextIntlClientProvider } from 'next-intl';
import { describe, expect, it, vi } from 'vitest';
import type { DownloadProgress } from '@/lib/downloads/download-job-schemas';
import ar from '@/messages/ar.json';
import en from '@/messages/en.json';
import { mount } from '@/test/mount';
import { ChapterOptions, withAction } from './chapter-options';
import { DownloadProgressCard } from './download-progress-card';

function render(locale: 'en' | 'ar', node: React.ReactNode) {
  return mount(
    <NextIntlClientProvider locale={locale} messages={locale === 'ar' ? ar : en} timeZone="UTC">
      <div dir={locale === 'ar' ? 'rtl' : 'ltr'}>{node}</div>
    </NextIntlClientProvider>,
  );
}

const none = { mark: [], remove: [] };

describe('the card’s chapter options', () => {
  it('offer the split only with chapters, and SponsorBlock only for YouTube', () => {
    const props = { id: 'c', split: 'off' as const, onSplit: () => undefined, sponsor: none, onSponsor: () => undefined };
    expect(render('en', <ChapterOptions {...props} chapters={0} youtube={false} />).host.querySelector('[data-testid="chapter-options"]')).toBeNull();
    const youtube = render('en', <ChapterOptions {...props} chapters={0} youtube />).host;
    expect(youtube.querySelector('[data-testid="split-chapters"]')).toBeNull();
    expect(youtube.querySelector('[data-testid="sponsorblock-toggle"]')?.textContent).toBe('SponsorBlock segments');
  });

  it('say how many chapters, in English and Arabic, and turn the exact cut on under the split', () => {
    const onSplit = vi.fn();
    const { host } = render('en', <ChapterOptions id="c" chapters={4} youtube={false} split="off" onSplit={onSplit} sponsor={none} onSponsor={() => undefined} />);
    expect(host.textContent).toContain('One file per chapter (4 chapters, as a ZIP)');
    act(() => host.querySelector<HTMLInputElement>('[data-testid="split-chapters"]')!.click());
    expect(onSplit).toHaveBeenCalledWith('copy');
    const arabic = render('ar', <ChapterOptions id="c" chapters={4} youtube={false} split="copy" onSplit={() => undefined} sponsor={none} onSponsor={() => undefined} />).host;
    expect(arabic.textContent).toContain('ملف لكل فصل (4 فصول، في ملف ZIP)');
    expect(arabic.querySelector('[data-testid="split-exact"]')).not.toBeNull();
  });

  it('move one category between keep, mark and remove', () => {
    const start = { mark: ['sponsor' as const, 'selfpromo' as const], remove: [] };
    expect(withAction(start, 'sponsor', 'remove')).toEqual({ mark: ['selfpromo'], remove: ['sponsor'] });
    expect(withAction(start, 'selfpromo', 'keep')).toEqual({ mark: ['sponsor'], remove: [] });
    expect(withAction(start, 'intro', 'mark')).toEqual({ mark: ['sponsor', 'selfpromo', 'intro'], remove: [] });
  });
});

describe('the progress card of a file made without SponsorBlock', () => {
  const progress = (notes?: DownloadProgress['notes']): DownloadProgress => ({
    id: 'dl_1', _id: 'dl_1', status: 'ready', progress: 100, message: 'Download ready', downloadUrl: '/api/download/x?itag=mp4', ...(notes ? { notes } : {}),
  });
  const state = (notes?: DownloadProgress['notes']) => ({ phase: 'ready' as const, progress: progress(notes), filename: 'talk.mp4', error: null });

  it('says so, in English and Arabic; a file made with it says nothing', () => {
    const en1 = render('en', <DownloadProgressCard state={state(['sponsorblock_unavailable'])} />).host;
    expect(en1.querySelector('[data-testid="progress-note"]')?.textContent).toBe('SponsorBlock did not answer, so the file was made without its segments.');
    const ar1 = render('ar', <DownloadProgressCard state={state(['sponsorblock_unavailable'])} />).host;
    expect(ar1.querySelector('[data-testid="progress-note"]')?.textContent).toBe('لم يستجب SponsorBlock، فأُعدّ الملف دون مقاطعه.');
    expect(render('en', <DownloadProgressCard state={state()} />).host.querySelector('[data-testid="progress-note"]')).toBeNull();
  });
});
