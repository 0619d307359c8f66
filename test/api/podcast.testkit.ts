import { GET as chaptersGet } from '@/app/api/podcast/[followId]/[token]/chapters/[file]/route';
import { GET as feedGet } from '@/app/api/podcast/[followId]/[token]/feed.xml/route';
import { GET as mediaGet, HEAD as mediaHead } from '@/app/api/podcast/[followId]/[token]/media/[file]/route';
import { startRouteServer, type Mount } from '@/test/route-server';

const FEED = '^/api/podcast/(?<followId>[^/]+)/(?<token>[^/]+)';

const ROUTES: Mount[] = [
  { method: 'GET', path: new RegExp(`${FEED}/feed\\.xml$`), handler: feedGet },
  { method: 'GET', path: new RegExp(`${FEED}/media/(?<file>[^/]+)$`), handler: mediaGet },
  { method: 'HEAD', path: new RegExp(`${FEED}/media/(?<file>[^/]+)$`), handler: mediaHead },
  { method: 'GET', path: new RegExp(`${FEED}/chapters/(?<file>[^/]+)$`), handler: chaptersGet },
];

/** The feed routes behind a real socket, answered as `next start` answers them. */
export function startFeedServer(): Promise<{ origin: string; close: () => Promise<void> }> {
  return startRouteServer(ROUTES);
}
