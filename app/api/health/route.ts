import { apiHandler } from '@/lib/http/api-handler';
import { engineHealth } from '@/lib/media/analyze';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** GET /api/health → node, ffmpeg and yt-dlp versions (cached probes) and the yt-dlp pool's state. */
export const GET = apiHandler(() => engineHealth());
