import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import { GET } from '@/app/locales/[lng]/[file]/route';

const get = (lng: string, file: string) =>
  GET(new NextRequest(`http://localhost/locales/${lng}/${file}`), { params: Promise.resolve({ lng, file }) });

describe('GET /locales/{lng}/{ns}.json', () => {
  it('serves the whole dictionary as the translation namespace', async () => {
    const res = await get('fr', 'translation.json');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.Theme.toggle).toBe('Changer de thème');
  });

  it('serves one namespace, whatever its case', async () => {
    const res = await get('ar-EG', 'theme.json');
    expect(await res.json()).toMatchObject({ toggle: 'غيّر الشكل' });
  });

  it('answers 404 for an unknown language or namespace', async () => {
    expect((await get('de', 'translation.json')).status).toBe(404);
    expect((await get('en', 'NoSuchNamespace.json')).status).toBe(404);
    expect((await get('en', 'translation')).status).toBe(404);
  });
});
