import 'server-only';
import { bulkRequestSchema, type BulkRequest } from '@/lib/bulk/schemas';
import type { Db } from '@/lib/db';
import { parseWith } from '@/lib/http/envelope';
import { downloadJobRequestSchema, type DownloadJobRequest } from '@/lib/downloads/download-job-schemas';
import { bulkFieldsOf, downloadFieldsOf, type WithPreset } from './apply';
import { requestLocale } from './locale';
import { presetNamed } from './presets';

/** POST /api/media/download's request, with the caller's named preset under the options they sent. */
export async function downloadRequestOf(
  db: () => Promise<Db>, body: WithPreset<DownloadJobRequest>, userId: string | null, headers: Headers,
): Promise<DownloadJobRequest> {
  if (body.preset === undefined) return body.request;
  const preset = await presetNamed(await db(), userId, body.preset, requestLocale(headers));
  return parseWith(downloadJobRequestSchema, { ...downloadFieldsOf(preset, body.sent), ...body.sent });
}

/** POST /api/bulk's request, with the caller's named preset under the options they sent. */
export async function bulkRequestOf(
  db: () => Promise<Db>, body: WithPreset<BulkRequest>, userId: string | null, headers: Headers,
): Promise<BulkRequest> {
  if (body.preset === undefined) return body.request;
  const preset = await presetNamed(await db(), userId, body.preset, requestLocale(headers));
  return parseWith(bulkRequestSchema, { ...bulkFieldsOf(preset, preset.name, body.sent), ...body.sent });
}
