import { config } from '@/lib/config';
import { feedParams } from '@/lib/podcast/params';
import { feedXml, openFeed } from '@/lib/podcast/public-feed';
import { route, services } from '@/lib/server';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * GET /api/podcast/{followId}/{token}/feed.xml → the follow's private podcast feed (RSS 2.0, iTunes and Podcasting
 * 2.0 tags). The token in the path is the only credential; a wrong or revoked one is 404 like an unknown feed.
 */
export const GET = route({ auth: 'none', params: feedParams, notFound: 'Feed not found' }, async ({ req, params }) => {
  const db = await services().db();
  const opened = await openFeed(db, params.followId, params.token);
  const origin = config().env.SITE_URL ?? req.nextUrl.origin;
  const xml = await feedXml(db, services().engine.preparations, opened, origin, params.token, Date.now());
  return new Response(xml, {
    headers: { 'Content-Type': 'application/rss+xml; charset=utf-8', 'Cache-Control': 'private, no-cache', 'X-Robots-Tag': 'noindex' },
  });
});
