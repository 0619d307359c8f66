import { describe, expect, it } from 'vitest';
import { downloadFilename, formatDuration, formatSize } from './format-media';

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

describe('formatSize', () => {
  it('rounds to whole megabytes and keeps the estimate flag', () => {
    expect(formatSize({ filesize: 24.6 * 1024 * 1024 })).toEqual({ megabytes: 25, approximate: false });
    expect(formatSize({ filesize: 3 * 1024 * 1024, filesizeApprox: true })).toEqual({ megabytes: 3, approximate: true });
    expect(formatSize({ filesize: 200_000 })).toEqual({ megabytes: 0, approximate: false });
    expect(formatSize({})).toBeNull();
  });
});

describe('downloadFilename', () => {
  it('drops path, control and bidi-override characters', () => {
    expect(downloadFilename('a/b\\c "d"\r\n\u202Egpj.exe', 'mp4')).toBe('a b c d gpj.exe.mp4');
    expect(downloadFilename('   ', 'mp3')).toBe('download.mp3');
  });
});
