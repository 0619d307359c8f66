import { route } from '@/lib/auth/route';
import { engineHealth } from '@/lib/media/analyze';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** GET /api/health → node, ffmpeg and yt-dlp versions (cached probes) and the yt-dlp pool's state. */
export const GET = route({ auth: 'none' }, () => engineHealth());
