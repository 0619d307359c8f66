import { z } from 'zod';
import { route } from '@/lib/server';
import { thumbnailResponse } from '@/lib/thumbnails/serve-thumbnail';

export const runtime = 'nodejs';

/** GET /api/thumbnail?src=…&sig=… → a picture the server named, fetched, checked and cached by us. */
export const GET = route(
  { auth: 'none', query: z.object({ src: z.string().optional(), sig: z.string().optional() }) },
  ({ req, query }) => thumbnailResponse(query, req.headers.get('if-none-match')),
);
