import { describe, expect, it } from 'vitest';
import { requestLocale } from './locale';

describe('requestLocale', () => {
  it('takes the page, then the NEXT_LOCALE cookie, then Accept-Language, then English', () => {
    expect(requestLocale(new Headers({ cookie: 'NEXT_LOCALE=fr' }), 'ar')).toBe('ar');
    expect(requestLocale(new Headers({ cookie: 'a=1; NEXT_LOCALE=ar-EG', 'accept-language': 'fr' }))).toBe('ar-EG');
    expect(requestLocale(new Headers({ 'accept-language': 'de, fr;q=0.8' }))).toBe('fr');
    expect(requestLocale(new Headers())).toBe('en');
  });

  it('reads a cookie that is not valid percent-encoding as no choice, never as an error', () => {
    for (const cookie of ['NEXT_LOCALE=%', 'NEXT_LOCALE=%E0%A4%A', 'NEXT_LOCALE=%ZZ']) {
      expect(requestLocale(new Headers({ cookie, 'accept-language': 'fr' }))).toBe('fr');
    }
  });
});
