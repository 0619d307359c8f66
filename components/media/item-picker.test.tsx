// @vitest-environment jsdom
import { NextIntlClientProvider } from 'next-intl';
import { describe, expect, it } from 'vitest';
import ar from '@/messages/ar.json';
import en from '@/messages/en.json';
import { mount } from '@/test/mount';
import { ItemPicker } from './item-picker';

// A TikTok slideshow as the API answers it: its pictures, its sound, and the whole as one video (all three show the
// first picture, so the last two say what they are).
const items = [
  { id: 's-1', title: 'Trip #1', thumbnail: '', duration: 0, formats: [{ itag: 'i0-img-0', ext: 'jpg', quality: 'original' }] },
  { id: 's-sound', title: 'Trip - sound', thumbnail: '', duration: 5, formats: [{ itag: 'i1-mp3-128', ext: 'mp3', quality: '128kbps' }] },
  { id: 's-video', title: 'Trip - video', thumbnail: '', duration: 5, formats: [{ itag: 'i2-slideshow-mp4', ext: 'mp4', quality: '1080p' }] },
];

function badges(locale: 'en' | 'ar'): string[] {
  const { host, unmount } = mount(
    <NextIntlClientProvider locale={locale} messages={locale === 'ar' ? ar : en}>
      <ItemPicker items={items} selected={0} onSelect={() => undefined} />
    </NextIntlClientProvider>,
  );
  const options = [...host.querySelectorAll('[data-testid="item-option"]')];
  const found = options.map((option) => option.querySelector('[data-testid="item-badge"]')?.textContent ?? '');
  unmount();
  return found;
}

describe('ItemPicker', () => {
  it("says which item is the slideshow's sound and which is the slideshow as one video, in the visitor's language", () => {
    expect(badges('en')).toEqual(['', 'Sound', 'Video']);
    expect(badges('ar')).toEqual(['', 'صوت', 'فيديو']);
  });
});
