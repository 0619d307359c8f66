import { describe, expect, it } from 'vitest';
import { hostnameOf, parseTarget, portOf } from './parse-target';

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (error) {
    return (error as { code?: string }).code;
  }
  return undefined;
}

describe('parseTarget', () => {
  it('accepts http and https URLs and keeps them whole', () => {
    expect(parseTarget(' https://example.com/a?b=1 ').href).toBe('https://example.com/a?b=1');
    expect(parseTarget(new URL('http://example.com:8080/x')).port).toBe('8080');
  });

  it.each(['ftp://example.com/f', 'file:///etc/passwd', 'javascript:alert(1)', 'data:text/plain,hi', 'gopher://x/', 'ws://example.com/'])(
    'refuses the scheme of %s',
    (input) => expect(codeOf(() => parseTarget(input))).toBe('invalid_url'),
  );

  it.each(['http://user:pass@example.com/', 'http://user@example.com/', 'https://:secret@example.com/'])(
    'refuses credentials in %s',
    (input) => expect(codeOf(() => parseTarget(input))).toBe('invalid_url'),
  );

  it.each(['', 'not a url', 'http://', 'example.com/video', `https://example.com/${'a'.repeat(9000)}`])(
    'refuses %j',
    (input) => expect(codeOf(() => parseTarget(input))).toBe('invalid_url'),
  );

  it.each([
    ['http://2130706433/', '127.0.0.1'],
    ['http://0x7f.1/', '127.0.0.1'],
    ['http://017700000001/', '127.0.0.1'],
    ['http://127.1/', '127.0.0.1'],
    ['http://0x7f000001/', '127.0.0.1'],
    ['http://[::ffff:127.0.0.1]/', '::ffff:7f00:1'],
  ])('normalises the numeric host of %s so the address check sees %s', (input, host) => {
    expect(hostnameOf(parseTarget(input))).toBe(host);
  });

  it('knows the default ports', () => {
    expect(portOf(new URL('http://a/'))).toBe(80);
    expect(portOf(new URL('https://a/'))).toBe(443);
    expect(portOf(new URL('https://a:8443/'))).toBe(8443);
  });
});
