import { describe, expect, it } from 'vitest';
import { ARABIC_TITLE } from '@/test/fixtures/pages';
import { contentDisposition, safeFilename } from './content-disposition';

/** The filename a browser would read from the RFC 5987 parameter. */
const utf8Name = (header: string) => decodeURIComponent(/filename\*=UTF-8''([^;]+)/.exec(header)![1]);
const asciiName = (header: string) => /filename="((?:[^"\\]|\\.)*)"/.exec(header)![1];

describe('contentDisposition', () => {
  it('keeps an Arabic title in filename* and gives old clients an ASCII stand-in', () => {
    const header = contentDisposition('مقطع تجريبي', 'mp4');
    expect(header.startsWith('attachment; ')).toBe(true);
    expect(utf8Name(header)).toBe('مقطع تجريبي.mp4');
    expect(asciiName(header)).toMatch(/^[\x20-\x7e]+$/);
    expect(asciiName(header).endsWith('.mp4')).toBe(true);
  });

  it('keeps emoji whole and transliterates accents in the fallback', () => {
    const header = contentDisposition('Café 🎬 night', 'mp3');
    expect(utf8Name(header)).toBe('Café 🎬 night.mp3');
    expect(asciiName(header)).toBe('Cafe _ night.mp3');
  });

  it('strips CR/LF and other controls, so no header can be split', () => {
    const header = contentDisposition('line one\r\nSet-Cookie: x=1\u0000\u0085', 'mp4');
    expect(header).not.toMatch(/[\r\n\u0000]/);
    expect(utf8Name(header)).toBe('line one Set-Cookie x=1.mp4');
  });

  it('escapes quotes in the ASCII form and drops them from the name', () => {
    const header = contentDisposition('He said "hi"', 'mp4');
    expect(utf8Name(header)).toBe('He said hi.mp4');
    expect(header).toMatch(/^attachment; filename="[^"]*"; filename\*=/);
  });

  it('removes path characters: no directory can be named', () => {
    expect(safeFilename('../../etc/passwd', 'mp4')).toBe('etc passwd.mp4');
    expect(safeFilename('a\\b:c*d?e<f>g|h', 'mp4')).toBe('a b c d e f g h.mp4');
  });

  it('removes bidi overrides and isolates, so "gpj.exe" cannot pose as an image', () => {
    const name = safeFilename('photo\u202Egpj.exe\u2066x\u2069\u200e\u200f', 'mp4');
    expect(name).toBe('photo gpj.exe x.mp4');
    expect(name).not.toMatch(/[\u202a-\u202e\u2066-\u2069\u200e\u200f]/);
  });

  it('trims dots and spaces and falls back to "download" when nothing is left', () => {
    expect(safeFilename('  ...hidden...  ', 'mp3')).toBe('hidden.mp3');
    expect(safeFilename('\u202E\r\n/"', 'jpg')).toBe('download.jpg');
  });

  it('reads a title with a long run of dots inside in linear time (a page chooses its own title)', () => {
    const started = performance.now();
    const name = safeFilename(`x${'.'.repeat(200_000)}y`, 'mp4');
    expect(performance.now() - started).toBeLessThan(100);
    expect(name.startsWith('x.')).toBe(true);
    expect(name.endsWith('.mp4')).toBe(true);
    expect(safeFilename(` . x${'. '.repeat(50_000)}`, 'mp3')).toBe('x.mp3');
  });

  it('turns a lone surrogate (a JSON-LD "\\ud800") into U+FFFD instead of failing to encode the header', () => {
    const header = contentDisposition('clip \ud800 end \udc00', 'mp4');
    expect(utf8Name(header)).toBe('clip \ufffd end \ufffd.mp4');
    expect(utf8Name(contentDisposition(`${'a'.repeat(1019)}🎬🎬`, 'mp4'))).toMatch(/^a+\.mp4$/);
  });

  it('caps the name at 255 bytes of UTF-8 on a code-point boundary, keeping the extension', () => {
    const name = safeFilename('😀'.repeat(100) + 'ب'.repeat(100), 'webm');
    expect(Buffer.byteLength(name, 'utf8')).toBeLessThanOrEqual(255);
    expect(name.endsWith('.webm')).toBe(true);
    expect(name).not.toMatch(/[\ud800-\udfff](?![\udc00-\udfff])/u);
    expect(name.startsWith('😀'.repeat(62))).toBe(true);
  });

  it('handles the hostile fixture title end to end', () => {
    const header = contentDisposition(ARABIC_TITLE, 'mp4');
    const name = utf8Name(header);
    expect(name).toBe('مقطع تجريبي عن القطط 🎬😀 \'اقتباس\' سطر ثانٍ gpj.exe.mp4');
    expect(header).not.toMatch(/[\r\n]/);
  });
});

describe('the ASCII fallback is cleaned after its compatibility normalisation', () => {
  // What an old client must never read in `filename=`: a path separator, a parent directory, a control character,
  // a quote or another character no file system takes, a hidden (dot-led) or empty name.
  const expectHarmless = (ascii: string) => {
    expect(ascii).toMatch(/^[\x20-\x7e]+$/);
    expect(ascii).not.toMatch(/[/\\"*?:<>|]/);
    expect(ascii).not.toContain('..');
    expect(ascii).not.toMatch(/^[. ]/);
  };

  it('never turns fullwidth or other compatibility forms into a path, a quote or a separator', () => {
    const titles = [
      '\uff0e\uff0e\uff0f\uff0e\uff0e\uff0fetc\uff0fpasswd', // ．．／．．／etc／passwd
      '\uff0e\uff0e\uff3cwindows\uff3csystem32', // ．．＼windows＼system32
      '\u2025\uff0fsecret', // ‥／ (two-dot leader)
      '\u2026\u2215x', // … and a division slash
      'a\ufe68b\ufe55c\uff1ad', // small reverse solidus, small colon, fullwidth colon
      'say \uff02hi\uff02 \uff0a\uff1f\uff1c\uff1e\uff5c', // ＂ ＊ ？ ＜ ＞ ｜
      '\u2024\u2024hidden', // one-dot leaders
    ];
    for (const title of titles) {
      const ascii = asciiName(contentDisposition(title, 'mp4'));
      expectHarmless(ascii);
      expect(ascii.endsWith('.mp4')).toBe(true);
    }
    expect(asciiName(contentDisposition('\uff0e\uff0e\uff0f\uff0e\uff0e\uff0fetc\uff0fpasswd', 'mp4'))).toBe('etc passwd.mp4');
    expect(asciiName(contentDisposition('\u2025\uff0f\u2025\uff0f', 'mp4'))).toBe('download.mp4');
  });

  it('holds for every character of the Basic Multilingual Plane that is ASCII or decomposes into some, alone and repeated', () => {
    const chars: string[] = [];
    for (let code = 0; code <= 0xffff; code += 1) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      const char = String.fromCharCode(code);
      if (code < 0x80 || /[\x00-\x7f]/.test(char.normalize('NFKD'))) chars.push(char);
    }
    expect(chars.length).toBeGreaterThan(1000);
    for (const char of chars) {
      expectHarmless(asciiName(contentDisposition(`a${char}${char}b`, 'mp4')));
      expectHarmless(asciiName(contentDisposition(`${char}${char}${char}`, 'mp4')));
    }
  });
});
