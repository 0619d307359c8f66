import { z } from 'zod';
import { route } from '@/lib/server';
import { recogniseUrl } from '@/lib/media/platforms';

export const runtime = 'nodejs';

/** GET /api/platform?url=… → which platform, kind and id a link names, without touching the network. */
export const GET = route({ auth: 'none', query: z.object({ url: z.string().default('') }) }, ({ query }) => recogniseUrl(query.url));
