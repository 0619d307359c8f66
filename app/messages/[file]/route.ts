import { NextResponse } from 'next/server';
import { CLIENT_NAMESPACES, pickMessages } from '@/components/i18n/pick-messages';
import { LOCALES, type Locale } from '@/lib/i18n/routing';

export const dynamic = 'force-static';

export function generateStaticParams() {
  return LOCALES.map((locale) => ({ file: `${locale}.later.json` }));
}

/**
 * `GET /messages/{locale}.later.json`: the texts the public pages' result card, bulk list and error lines read,
 * in the build's compiled form (what the browser's formatter takes), for the pages that fetch them on demand
 * (components/i18n/later-messages.tsx). Built with the app; the page names it with a digest (`?v=`), so it is
 * cached for good.
 */
export async function GET(_req: Request, { params }: { params: Promise<{ file: string }> }) {
  const { file } = await params;
  const locale = LOCALES.find((candidate) => file === `${candidate}.later.json`);
  if (!locale) return NextResponse.json({ success: false, error: 'Not found', code: 'not_found' }, { status: 404 });
  const messages = (await import(`../../../messages/${locale satisfies Locale}.json`)).default;
  return NextResponse.json(pickMessages(messages, CLIENT_NAMESPACES.later), {
    headers: { 'Cache-Control': 'public, max-age=31536000, immutable' },
  });
}
