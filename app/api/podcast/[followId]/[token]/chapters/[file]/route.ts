import { chaptersDocument } from '@/lib/podcast/chapters';
import { mediaIdOf } from '@/lib/podcast/links';
import { feedFileParams } from '@/lib/podcast/params';
import { feedNotFound, openEpisode, openFeed } from '@/lib/podcast/public-feed';
import { route, services } from '@/lib/server';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** GET /api/podcast/{followId}/{token}/chapters/{mediaId}.json → the episode's chapters (application/json+chapters). */
export const GET = route({ auth: 'none', params: feedFileParams, notFound: 'Feed not found' }, async ({ params }) => {
  const db = await services().db();
  const opened = await openFeed(db, params.followId, params.token);
  const mediaId = mediaIdOf(params.file);
  if (!mediaId || !params.file.endsWith('.json')) throw feedNotFound();
  const episode = await openEpisode(db, opened, mediaId, Date.now());
  if (!episode.chapters?.length) throw feedNotFound();
  return new Response(JSON.stringify(chaptersDocument(episode.chapters)), {
    headers: { 'Content-Type': 'application/json+chapters; charset=utf-8', 'Cache-Control': 'private, no-cache' },
  });
});
