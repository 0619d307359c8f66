import { describe, expect, it } from 'vitest';
import { downloadFilename, formatDuration, qualityText, sizeText } from './format-media';

describe('formatDuration', () => {
  it('shows minutes:seconds, and hours only past an hour', () => {
    expect(formatDuration(6)).toBe('0:06');
    expect(formatDuration(212.4)).toBe('3:32');
    expect(formatDuration(3600)).toBe('1:00:00');
    expect(formatDuration(3725)).toBe('1:02:05');
  });

  it('hides unknown durations', () => {
    expect(formatDuration(0)).toBeNull();
    expect(formatDuration(undefined)).toBeNull();
    expect(formatDuration(Number.NaN)).toBeNull();
  });
});

describe('downloadFilename', () => {
  it('drops path, control and bidi-override characters', () => {
    expect(downloadFilename('a/b\\c "d"\r\n\u202Egpj.exe', 'mp4')).toBe('a b c d gpj.exe.mp4');
    expect(downloadFilename('   ', 'mp3')).toBe('download.mp3');
  });
});

describe('sizeText', () => {
  const numberIn = (locale: string) => (value: number, options: Intl.NumberFormatOptions) => new Intl.NumberFormat(locale, options).format(value);

  it('writes one size one way per language: the locale’s unit and digits', () => {
    const en = numberIn('en');
    // Number and unit never part at a line's end: the space between them is a no-break one.
    expect(sizeText(en, 24.6 * 1024 * 1024)).toBe('25\u00a0MB');
    expect(sizeText(en, 3.25 * 1024 * 1024, true)).toBe('~3.3\u00a0MB');
    expect(sizeText(en, 200_000)).toBe('<\u00a01\u00a0MB');
    // Under a megabyte an estimate is not "~< 1 MB": the caller's words, unbroken.
    expect(sizeText(en, 200_000, true, (size) => `under ${size}`)).toBe('under\u00a01\u00a0MB');
    const ar = numberIn('ar');
    const arabic = sizeText(ar, 24.6 * 1024 * 1024);
    expect(arabic).toBe(new Intl.NumberFormat('ar', { style: 'unit', unit: 'megabyte', maximumFractionDigits: 0 }).format(25).replace(/\s/g, '\u00a0'));
    expect(arabic).not.toContain('MB');
  });
});

describe('qualityText', () => {
  const common = (key: 'originalQuality' | 'audioQuality') => ({ originalQuality: 'Qualité d’origine', audioQuality: 'Audio' })[key];
  const fr = (value: number, options: Intl.NumberFormatOptions) => new Intl.NumberFormat('fr', options).format(value);

  it('writes a bitrate in the locale’s own unit, and names "original" and "audio" in words', () => {
    expect(qualityText(common, '320kbps', fr)).toBe('320\u00a0kbit/s');
    expect(qualityText(common, '320kbps')).toBe('320kbps');
    expect(qualityText(common, 'audio', fr)).toBe('Audio');
    expect(qualityText(common, 'original', fr)).toBe('Qualité d’origine');
    expect(qualityText(common, '720p', fr)).toBe('720p');
  });
});
