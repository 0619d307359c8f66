import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ERROR_STATUS } from '@/lib/errors';
import { buildOpenApiDocument } from '@/lib/openapi/document';
import { ApiError } from './api-client';
import { errorText, type Translator } from './error-text';

type Tree = { [key: string]: string | Tree };
const LOCALES = ['en', 'fr', 'ar', 'ar-EG'] as const;
const load = (locale: string): Tree => JSON.parse(readFileSync(new URL(`../../messages/${locale}.json`, import.meta.url), 'utf8'));

/** Every code an API answer can carry: the codes AppError knows and the ones the OpenAPI document states. */
function apiCodes(): string[] {
  const doc = buildOpenApiDocument('http://localhost:3000') as unknown as {
    components: { schemas: { Error: { properties: { code: { enum?: string[] } } } } };
  };
  const documented = doc.components.schemas.Error.properties.code.enum ?? [];
  return [...new Set([...Object.keys(ERROR_STATUS), ...documented])].sort();
}

const translator = (tree: Tree | undefined): Translator =>
  Object.assign((key: string) => {
    const value = key.split('.').reduce<string | Tree | undefined>((node, part) => (typeof node === 'object' ? node[part] : undefined), tree);
    if (typeof value !== 'string') throw new Error(`missing ${key}`);
    return value;
  }, { has: (key: string) => typeof key.split('.').reduce<string | Tree | undefined>((node, part) => (typeof node === 'object' ? node[part] : undefined), tree) === 'string' });

describe('error texts', () => {
  it('the OpenAPI document states the same codes lib/errors.ts knows', () => {
    const doc = buildOpenApiDocument('http://localhost:3000') as unknown as {
      components: { schemas: { Error: { properties: { code: { enum?: string[] } } } } };
    };
    expect([...(doc.components.schemas.Error.properties.code.enum ?? [])].sort()).toEqual(Object.keys(ERROR_STATUS).sort());
  });

  it.each(LOCALES)('every code the API can return has a text in %s', (locale) => {
    const errors = load(locale).Errors as Tree;
    const missing = apiCodes().filter((code) => typeof errors[code] !== 'string' || !(errors[code] as string).trim());
    expect(missing).toEqual([]);
  });

  it.each(LOCALES)('every screen-specific text in %s is for a real code', (locale) => {
    const contexts = load(locale).ErrorsIn as Record<string, Tree>;
    const codes = new Set(apiCodes());
    const unknown = Object.entries(contexts).flatMap(([context, texts]) => Object.keys(texts).filter((code) => !codes.has(code)).map((code) => `${context}.${code}`));
    expect(unknown).toEqual([]);
  });

  it('there is one list of error texts: no screen keeps its own copy', () => {
    const en = load('en');
    expect((en.Bulk as Tree).errors).toBeUndefined();
  });

  describe('errorText', () => {
    const fr = load('fr');
    const tErrors = translator(fr.Errors as Tree);
    const tHistory = translator((fr.ErrorsIn as Tree).history as Tree);

    it('says a known code in the visitor’s language, never the server’s English', () => {
      const error = new ApiError('This link is not supported', { status: 422, statusText: 'Unprocessable', code: 'unsupported_url' });
      expect(errorText(tErrors, undefined, error, 'fallback')).toBe((fr.Errors as Tree).unsupported_url);
    });

    it('prefers the screen’s own wording for a code', () => {
      const error = new ApiError('This download is not in your history', { status: 404, statusText: 'Not Found', code: 'not_found' });
      expect(errorText(tErrors, tHistory, error, 'fallback')).toBe(((fr.ErrorsIn as Tree).history as Tree).not_found);
    });

    it('says a job’s or bulk item’s code too', () => {
      expect(errorText(tErrors, undefined, { code: 'no_media', message: 'No downloadable media found' }, 'x')).toBe((fr.Errors as Tree).no_media);
    });

    it('shows the server’s message only for a code it does not know', () => {
      expect(errorText(tErrors, undefined, { code: 'brand_new_code', message: 'Something new' }, 'fallback')).toBe('Something new');
    });

    it('falls back for an answer that was not ours, and for the browser’s own errors', () => {
      const proxyPage = new ApiError(null, { status: 502, statusText: 'Bad Gateway' });
      expect(errorText(tErrors, undefined, proxyPage, 'fallback')).toBe('fallback');
      expect(errorText(tErrors, undefined, new TypeError('Failed to fetch'), 'fallback')).toBe('fallback');
      expect(errorText(tErrors, undefined, undefined, 'fallback')).toBe('fallback');
    });
  });
});
