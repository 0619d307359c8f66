import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './auth-request';

describe('safeReturnPath', () => {
  it.each([
    ['/dashboard/settings', '/dashboard/settings'],
    ['/dashboard/history?search=cats#top', '/dashboard/history?search=cats#top'],
    ['/ar/dashboard', '/dashboard'],
    ['/ar-EG/dashboard/api', '/dashboard/api'],
    ['/fr?x=1', '/?x=1'],
    ['/arena', '/arena'],
  ])('keeps the same-origin path %s as %s', (from, expected) => {
    expect(safeReturnPath(from)).toBe(expected);
  });

  it.each([
    null,
    '',
    'https://evil.example/',
    'evil.example',
    '//evil.example',
    '/\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r\n/evil.example',
    '/ar//evil.example',
    '/fr/\\evil.example',
    'javascript:alert(1)',
  ])('sends %j home instead of off-site', (from) => {
    expect(safeReturnPath(from)).toBe('/');
  });

  it('never returns something a browser reads as another origin', () => {
    for (const from of ['/\t/a.example', '/ar//a.example', '/ar-EG/\t/a.example', '/%2F/a.example']) {
      const target = new URL(safeReturnPath(from), 'https://grabline.test/');
      expect(target.origin).toBe('https://grabline.test');
    }
  });
});
