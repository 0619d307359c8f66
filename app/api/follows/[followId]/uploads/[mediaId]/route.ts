import { route } from '@/lib/auth/route';
import { dismissUpload } from '@/lib/follows/service';
import { uploadParams } from '@/lib/follows/schemas';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** DELETE /api/follows/{followId}/uploads/{mediaId} → {dismissed}: the upload leaves the list for good. */
export const DELETE = route(
  { auth: 'user', params: uploadParams, notFound: 'Upload not found' },
  ({ user, params }) => dismissUpload(user.id, params.followId, params.mediaId),
);
