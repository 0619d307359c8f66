// @vitest-environment jsdom
import { NextIntlClientProvider } from 'next-intl';
import { describe, expect, it } from 'vitest';
import type { Format } from '@/lib/media/types';
import ar from '@/messages/ar.json';
import en from '@/messages/en.json';
import fr from '@/messages/fr.json';
import { mount } from '@/test/mount';
import { useFormatLabel } from './format-select';

function Labels({ formats }: { formats: Format[] }) {
  const label = useFormatLabel();
  return <ul>{formats.map((format) => <li key={format.itag}>{label(format)}</li>)}</ul>;
}

const FORMATS: Format[] = [
  { itag: 'mp4-src', ext: 'mp4', quality: 'original', format_note: 'Video' },
  { itag: 'mp4-720', ext: 'mp4', quality: '720p', format_note: '720p · H.264', filesize: 5_000_000 },
  { itag: 'm4a-128', ext: 'm4a', quality: '128kbps', format_note: 'audio', filesize: 300_000, filesizeApprox: true },
];

function labels(locale: 'en' | 'ar' | 'fr') {
  const messages = { en, ar, fr }[locale];
  const { host } = mount(
    <NextIntlClientProvider locale={locale} messages={messages}>
      <Labels formats={FORMATS} />
    </NextIntlClientProvider>,
  );
  return [...host.querySelectorAll('li')].map((li) => {
    expect(li.querySelectorAll('bdi').length).toBe(li.textContent!.split(' · ').length);
    return li.textContent;
  });
}

describe('the format menu label', () => {
  it('names a file of unknown resolution ("original") in the visitor’s language; a resolution stays as it is', () => {
    expect(labels('en')).toEqual(['Original · MP4', '720p · MP4 · 4.8\u00a0MB', '128\u00a0kb/s · M4A · under\u00a01\u00a0MB']);
    expect(labels('ar')[0]).toBe('الجودة الأصلية · MP4');
    expect(labels('fr')[0]).toBe('Qualité d’origine · MP4');
    // The bitrate in the locale's unit, "under 1 MB" in words; each part its own isolate, so Arabic keeps their order.
    expect(labels('fr')[2]).toBe('128\u00a0kbit/s · M4A · moins\u00a0de\u00a01\u00a0Mo');
    expect(labels('ar')[2]).toContain('أقل');
    expect(labels('ar')[2]).not.toContain('<');
  });
});
