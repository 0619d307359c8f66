import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_COMPONENT_BYTES, numberedName, safeFileName, safeFolderName, safePath, truncateBytes } from './safe-name';

const bytes = (text: string) => new TextEncoder().encode(text).length;

describe('safe names', () => {
  it('replaces characters Windows or macOS forbid, and control characters', () => {
    expect(safeFileName('a<b>c:d"e/f\\g|h?i*j\u0001k.mp4')).toBe('a_b_c_d_e_f_g_h_i_j_k.mp4');
  });
  it('drops trailing dots and spaces, and leading spaces', () => {
    expect(safeFolderName('  Name. . ')).toBe('Name');
    expect(safeFileName('title... .mp4')).toBe('title.mp4');
  });
  it('never gives an empty name, "." or ".."', () => {
    expect(safeFolderName('')).toBe('_');
    expect(safeFolderName('..')).toBe('_');
    expect(safeFolderName('.')).toBe('_');
    expect(safeFileName('.mp4')).toBe('.mp4');
    expect(safeFileName('')).toBe('_');
  });
  it('prefixes names Windows reserves, whatever their case or extension', () => {
    for (const name of ['CON', 'prn', 'Aux', 'nul', 'COM1', 'com9', 'LPT3', 'COM¹']) expect(safeFolderName(name)).toBe(`_${name}`);
    expect(safeFileName('con.mp4')).toBe('_con.mp4');
    expect(safeFileName('NUL.tar.gz')).toBe('_NUL.tar.gz');
    expect(safeFolderName('CONSOLE')).toBe('CONSOLE');
    expect(safeFolderName('COM10')).toBe('COM10');
  });
  it('normalises to NFC', () => {
    expect(safeFolderName('e\u0301')).toBe('\u00e9');
  });
  it('cuts at 255 bytes between characters, keeping the extension', () => {
    const long = `${'é'.repeat(200)}.mp4`;
    const safe = safeFileName(long);
    expect(bytes(safe)).toBeLessThanOrEqual(MAX_COMPONENT_BYTES);
    expect(safe.endsWith('.mp4')).toBe(true);
    expect(safe).toBe(`${'é'.repeat(125)}.mp4`);
    expect(truncateBytes('👩‍👩‍👧‍👦abc', 10)).toBe('');
    expect(truncateBytes('a👍b', 5)).toBe('a👍');
  });
  it('makes every folder and the file name safe', () => {
    expect(safePath(['CON', 'a:b', 'x?.mp4'])).toEqual(['_CON', 'a_b', 'x_.mp4']);
  });
  it('holds for any text: within 255 bytes, no forbidden character, no trailing dot or space, valid UTF-16', () => {
    fc.assert(fc.property(fc.string({ unit: 'grapheme', maxLength: 400 }), fc.constantFrom('', ' (2)', ' (10000)'), (text, suffix) => {
      for (const name of [safeFileName(text, suffix), safeFolderName(text)]) {
        expect(bytes(name)).toBeLessThanOrEqual(MAX_COMPONENT_BYTES);
        expect(name).not.toMatch(/[<>:"/\\|?*\u0000-\u001f]/);
        expect(name).not.toMatch(/[. ]$/);
        expect(name.length).toBeGreaterThan(0);
        expect(() => encodeURIComponent(name)).not.toThrow();
      }
    }));
  });
});

describe('numberedName', () => {
  it('numbers collisions " (2)", " (3)" before the extension', () => {
    const taken = new Set(['clip.mp4', 'clip (2).mp4']);
    expect(numberedName('clip.mp4', (name) => taken.has(name))).toBe('clip (3).mp4');
    expect(numberedName('free.mp4', (name) => taken.has(name))).toBe('free.mp4');
  });
  it('keeps a numbered long name within 255 bytes', () => {
    const long = safeFileName(`${'a'.repeat(300)}.mp4`);
    const numbered = numberedName(long, (name) => name === long);
    expect(numbered.endsWith(' (2).mp4')).toBe(true);
    expect(bytes(numbered)).toBe(MAX_COMPONENT_BYTES);
  });
});
