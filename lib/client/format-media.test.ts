import { describe, expect, it } from 'vitest';
import { downloadFilename, formatDuration, sizeText } from './format-media';

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
    expect(sizeText(en, 24.6 * 1024 * 1024)).toBe('25 MB');
    expect(sizeText(en, 3.25 * 1024 * 1024, true)).toBe('~3.3 MB');
    expect(sizeText(en, 200_000)).toBe('< 1 MB');
    const ar = numberIn('ar');
    const arabic = sizeText(ar, 24.6 * 1024 * 1024);
    expect(arabic).toBe(new Intl.NumberFormat('ar', { style: 'unit', unit: 'megabyte', maximumFractionDigits: 0 }).format(25));
    expect(arabic).not.toContain('MB');
  });
});
