import { downloadUpload } from '@/lib/follows/service';
import { route, services } from '@/lib/server';
import { downloadDefaults } from '@/lib/settings/download-defaults';
import { uploadParams } from '@/lib/follows/schemas';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * POST /api/follows/{followId}/uploads/{mediaId}/download → {downloadId}: a normal download job of the upload with
 * the user's default quality and format; follow it at /api/media/progress/{downloadId}.
 */
export const POST = route(
  { auth: 'user', quota: { kind: 'api' }, params: uploadParams, notFound: 'Upload not found' },
  async ({ user, params }) => {
    const { defaultQuality, defaultFormat } = await downloadDefaults(services().db, user.id);
    return downloadUpload(await services().db(), user.id, params.followId, params.mediaId, services(), { quality: defaultQuality, format: defaultFormat });
  },
);
