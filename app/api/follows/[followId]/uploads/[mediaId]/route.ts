import { route, services } from '@/lib/server';
import { dismissUpload } from '@/lib/follows/service';
import { uploadParams } from '@/lib/follows/schemas';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** DELETE /api/follows/{followId}/uploads/{mediaId} → {dismissed}: the upload leaves the list for good. */
export const DELETE = route(
  { auth: 'user', params: uploadParams, notFound: 'Upload not found' },
  async ({ user, params }) => dismissUpload(await services().db(), user.id, params.followId, params.mediaId),
);
