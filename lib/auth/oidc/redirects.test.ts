import { describe, expect, it } from 'vitest';
import { landingPath } from './redirects';

describe('where a provider sign-in lands', () => {
  it('keeps a path on this site, with its query', () => {
    expect(landingPath('/dashboard/history?x=1', 'en')).toBe('/dashboard/history?x=1');
    expect(landingPath('/ar/dashboard', 'ar')).toBe('/ar/dashboard');
  });

  it.each(['//evil.example', '/\\evil.example', '/\t/evil.example', '/\n/evil.example', 'https://evil.example/', 'javascript:alert(1)', '', undefined])(
    'never leaves the site for %j: the dashboard in the visitor’s language instead',
    (from) => {
      expect(landingPath(from, 'en')).toBe('/dashboard');
      expect(landingPath(from, 'fr')).toBe('/fr/dashboard');
    },
  );
});
