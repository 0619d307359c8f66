import { NextResponse, type NextRequest } from 'next/server';
import { isAppError } from '@/lib/errors';
import { recogniseUrl } from '@/lib/media/platforms';

export const runtime = 'nodejs';

/** GET /api/platform?url=… → which platform, kind and id a link names, without touching the network. */
export function GET(request: NextRequest) {
  try {
    const data = recogniseUrl(request.nextUrl.searchParams.get('url') ?? '');
    return NextResponse.json({ success: true, data });
  } catch (error) {
    if (!isAppError(error)) throw error;
    return NextResponse.json({ success: false, error: error.message, code: error.code }, { status: error.status });
  }
}
