import { deliverStoredFile } from '@/lib/media/deliver';
import { mediaIdOf } from '@/lib/podcast/links';
import { servePath } from '@/lib/podcast/serve-path';
import { feedFileParams } from '@/lib/podcast/params';
import { feedNotFound, openEpisode, openFeed } from '@/lib/podcast/public-feed';
import { route, services } from '@/lib/server';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** An episode's file: whole or the part a Range asks for (206), authenticated by the feed's token alone. */
const episodeFile = route({ auth: 'none', params: feedFileParams, notFound: 'Feed not found' }, async ({ req, params }) => {
  const db = await services().db();
  const opened = await openFeed(db, params.followId, params.token);
  const mediaId = mediaIdOf(params.file);
  if (!mediaId) throw feedNotFound();
  const episode = await openEpisode(db, opened, mediaId, Date.now());
  if (`${mediaId}.${episode.file.ext}` !== params.file) throw feedNotFound();
  const { file } = episode;
  const res = 'path' in file ? await servePath(file, req.headers) : await deliverStoredFile(services().engine.preparations, file, req.headers);
  if (req.method !== 'HEAD') return res;
  // HEAD: the same status and headers (length, ranges), no body; the file is let go at once.
  await res.body?.cancel();
  return new Response(null, { status: res.status, headers: res.headers });
});

/** GET /api/podcast/{followId}/{token}/media/{mediaId}.{ext} → the episode's file, with Range. */
export const GET = episodeFile;
/** HEAD of the same: its length and that it takes ranges. */
export const HEAD = episodeFile;
