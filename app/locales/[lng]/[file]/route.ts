import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { NextResponse, type NextRequest } from 'next/server';
import { hasLocale } from 'next-intl';
import { routing } from '@/lib/i18n/routing';

export const dynamic = 'force-static';

type Dictionary = Record<string, unknown>;

export function generateStaticParams() {
  return routing.locales.map((lng) => ({ lng, file: 'translation.json' }));
}

/** Texts only an admin's pages carry: a public dictionary would tell everyone the admin console exists. */
const ADMIN_ONLY = new Set(['admin']);

/**
 * `GET /locales/{lng}/{ns}.json`: the translation strings as JSON, for clients that load them on their own.
 * `translation` (i18next's default namespace) is the whole dictionary; any other name is one namespace of it.
 * Admin-only namespaces are in neither.
 */
export async function GET(_req: NextRequest, { params }: { params: Promise<{ lng: string; file: string }> }) {
  const { lng, file } = await params;
  const ns = file.endsWith('.json') ? file.slice(0, -'.json'.length) : '';
  if (!hasLocale(routing.locales, lng) || !ns) return notFound();
  // The catalogue as written (ICU strings), read from disk: an import would hand over the build's precompiled form.
  const all = JSON.parse(await readFile(path.join(process.cwd(), 'messages', `${lng}.json`), 'utf8')) as Dictionary;
  const messages = Object.fromEntries(Object.entries(all).filter(([name]) => !ADMIN_ONLY.has(name.toLowerCase())));
  if (ns === 'translation') return NextResponse.json(messages, { headers: CACHE });
  const key = Object.keys(messages).find((name) => name.toLowerCase() === ns.toLowerCase());
  return key ? NextResponse.json(messages[key], { headers: CACHE }) : notFound();
}

const CACHE = { 'Cache-Control': 'public, max-age=300' };

function notFound() {
  return NextResponse.json({ success: false, error: 'Not found', code: 'not_found' }, { status: 404 });
}
