// @vitest-environment jsdom
import { act } from 'react';
import { NextIntlClientProvider } from 'next-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ar from '@/messages/ar.json';
import en from '@/messages/en.json';
import { mount } from '@/test/mount';
import { AlreadyDownloaded, formatOfPast } from './already-downloaded';
import { AlreadyDownloadedLine } from './already-downloaded-line';

const thisYear = new Date().getFullYear();
// Noon on 3 May in the test's own time zone: the line shows the visitor's own day.
const seen = (year = thisYear) => ({ downloadedAt: new Date(year, 4, 3, 12).toISOString(), quality: '1080p', format: 'mp4' });

function render(locale: 'en' | 'ar', node: React.ReactNode) {
  return mount(
    <NextIntlClientProvider locale={locale} messages={locale === 'ar' ? ar : en} timeZone="UTC">
      <div dir={locale === 'ar' ? 'rtl' : 'ltr'}>{node}</div>
    </NextIntlClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.cookie = 'gl_signed_in=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
});

describe('AlreadyDownloadedLine', () => {
  it('says when and what in English, with Re-download starting it again', () => {
    const onRedownload = vi.fn();
    const { host } = render('en', <AlreadyDownloadedLine seen={seen()} onRedownload={onRedownload} />);
    expect(host.querySelector('[data-testid="already-downloaded-text"]')?.textContent).toBe('You downloaded this on May 3 — 1080p MP4');
    const button = host.querySelector<HTMLButtonElement>('[data-testid="redownload-button"]')!;
    expect(button.textContent).toBe('Re-download');
    act(() => button.click());
    expect(onRedownload).toHaveBeenCalledTimes(1);
  });

  it('says it in Arabic, the quality and format kept left-to-right inside the right-to-left sentence', () => {
    const { host } = render('ar', <AlreadyDownloadedLine seen={seen()} onRedownload={() => undefined} />);
    expect(host.querySelector('[data-testid="already-downloaded-text"]')?.textContent).toBe('نزّلت هذا في 3 مايو — 1080p MP4');
    const what = host.querySelector('bdi');
    expect(what?.getAttribute('dir')).toBe('ltr');
    expect(what?.textContent).toBe('1080p MP4');
    expect(host.querySelector('[data-testid="redownload-button"]')?.textContent).toBe('إعادة التنزيل');
    expect(host.querySelector('[data-testid="redownload-button"]')?.className).toContain('ms-auto');
  });

  it('names the year of an older download, and offers no button when that format is not on offer', () => {
    const { host } = render('en', <AlreadyDownloadedLine seen={seen(thisYear - 1)} />);
    expect(host.textContent).toBe(`You downloaded this on May 3, ${thisYear - 1} — 1080p MP4`);
    expect(host.querySelector('[data-testid="redownload-button"]')).toBeNull();
  });
});

describe('AlreadyDownloaded', () => {
  it('asks nothing and shows nothing to a visitor without a session', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const { host } = render('en', <AlreadyDownloaded mediaId="med_1" formats={[]} onRedownload={() => undefined} />);
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(fetch).not.toHaveBeenCalled();
    expect(host.textContent).toBe('');
  });

  it("shows a signed-in visitor's past download and re-downloads the format it took", async () => {
    document.cookie = 'gl_signed_in=1';
    const fetch = vi.fn(async () => Response.json({ success: true, data: { seen: seen() } }));
    vi.stubGlobal('fetch', fetch);
    const onRedownload = vi.fn();
    const formats = [
      { itag: 'a', ext: 'mp4', quality: '720p' },
      { itag: 'b', ext: 'webm', quality: '1080p' },
      { itag: 'c', ext: 'mp4', quality: '1080p' },
    ];
    const { host } = render('ar', <AlreadyDownloaded mediaId="med_1" formats={formats} onRedownload={onRedownload} />);
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(String((fetch.mock.calls[0] as unknown[])[0])).toContain('/api/history/seen/med_1');
    expect(host.querySelector('[data-testid="already-downloaded-text"]')?.textContent).toBe('نزّلت هذا في 3 مايو — 1080p MP4');
    act(() => host.querySelector<HTMLButtonElement>('[data-testid="redownload-button"]')!.click());
    expect(onRedownload).toHaveBeenCalledWith(2);
  });
});

describe('formatOfPast', () => {
  const formats = [
    { itag: 'a', ext: 'mp4', quality: '720p' },
    { itag: 'b', ext: 'webm', quality: '1080p' },
    { itag: 'c', ext: 'mp3', quality: '128kbps' },
  ];
  it('takes the same quality and container, else the nearest in that container, else nothing', () => {
    expect(formatOfPast(formats, { quality: '128kbps', format: 'mp3' })).toBe(2);
    expect(formatOfPast(formats, { quality: '1080p', format: 'mp4' })).toBe(0);
    expect(formatOfPast(formats, { quality: '1080p', format: 'wav' })).toBeNull();
    expect(formatOfPast(formats, { quality: '×3', format: 'zip' })).toBeNull();
  });
});
