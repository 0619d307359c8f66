import { route, services } from '@/lib/server';
import { downloadDefaults } from '@/lib/settings/download-defaults';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** GET /api/settings/defaults → {defaultQuality, defaultFormat, autoDownload, saved}: the user's saved ones, else 1080p/mp4. */
export const GET = route({ auth: 'optional' }, ({ user }) => downloadDefaults(services().db, user?.id));
