import 'server-only';
import { config } from '@/lib/config';
import type { Db } from '@/lib/db';
import type { BulkItemOutcome } from '@/lib/bulk/bulk-item-kind';
import type { DownloadJobOutcome } from '@/lib/downloads/download-kind';
import type { ReadyFile, ResolvedOffer } from '@/lib/media/deliver';
import type { SharedPreparations } from '@/lib/media/deliver/prepare/shared-preparations';
import { pictureAsJpeg } from './jpeg';
import { pruneFollow } from './prune';
import { libraryRoot } from './root';
import { saveToLibrary, type SavedMedia } from './save';
import { scanLibrary } from './scan';
import { followedUploadOf, followsWithKeepPolicy, type FollowedUpload, type FollowForLibrary } from './settings-store';

const isoDay = (at: number | null | undefined) => (at ? new Date(at).toISOString().slice(0, 10) : undefined);

/**
 * What the finished file's analysis says of it; a followed upload's platform, id, title and date as its follow listed
 * them. A file split by its chapters is a ZIP of the pieces, and is named so.
 */
export function savedMediaOf(offer: ResolvedOffer, file: ReadyFile, quality: string, followed?: FollowedUpload): SavedMedia {
  const { info, extraction } = offer.media;
  return {
    mediaId: followed?.mediaId ?? extraction.id ?? info.id, platform: followed?.follow.platform ?? info.platform, title: followed?.title || offer.title || info.title,
    description: extraction.description ?? info.description, creator: extraction.uploader,
    uploadDate: extraction.uploadDate ?? isoDay(followed?.publishedAt), durationSeconds: offer.duration ?? info.duration,
    thumbnailUrl: offer.picture ?? extraction.thumbnail, quality, ext: offer.delivery.split ? 'zip' : offer.plan.ext, size: file.size,
  };
}

/**
 * A signed-in user's file is ready: written to their library when it is a followed upload of a follow in automatic
 * mode, or when they asked for it. Nothing when the operator set no LIBRARY_DIR. Never changes the job's outcome.
 */
async function saveFinished(db: Db, files: SharedPreparations, owner: string, url: string, wanted: boolean, offer: ResolvedOffer | undefined, file: ReadyFile | undefined, quality: string, template?: string): Promise<void> {
  const root = libraryRoot();
  if (!root || !offer || !file) return;
  const followed = await followedUploadOf(db, owner, url);
  const follow: FollowForLibrary | undefined = followed && (followed.follow.mode === 'auto' || wanted) ? followed.follow : undefined;
  if (!follow && !wanted) return;
  const result = await saveToLibrary({
    db, root, read: () => files.read(file), picture: pictureAsJpeg, quotaBytes: config().env.LIBRARY_QUOTA_BYTES,
  }, { userId: owner, follow, template, media: savedMediaOf(offer, file, quality, followed) });
  if (!result.saved && result.reason === 'quota') console.warn('[library] not saved: the library is full', owner);
}

export async function onLibraryDownloadFinished(db: Db, files: SharedPreparations, outcome: DownloadJobOutcome): Promise<void> {
  if (outcome.status !== 'ready') return;
  await saveFinished(db, files, outcome.owner, outcome.request.url, Boolean(outcome.request.saveToLibrary), outcome.offer, outcome.file, outcome.request.quality, outcome.request.libraryTemplate)
    .catch((error) => console.error('[library] could not save', error));
}

/** A batch item's copy is made beside the batch, not before its item reads as ended (the file outlives it by the TTL). */
export async function onLibraryBulkItemFinished(db: Db, files: SharedPreparations, outcome: BulkItemOutcome): Promise<void> {
  if (outcome.status !== 'ready' || !outcome.choice.saveToLibrary) return;
  void saveFinished(db, files, outcome.owner, outcome.url, true, outcome.offer, outcome.file, outcome.choice.quality, outcome.choice.libraryTemplate)
    .catch((error) => console.error('[library] could not save', error));
}

const PRUNE_EVERY_MS = 6 * 60 * 60 * 1000;

/**
 * At start-up: the library's rows checked against its files and the keep policies applied; then the policies are
 * applied again every six hours (a file kept N days leaves on time even when nothing new arrives).
 */
export function startLibraryMaintenance(db: () => Promise<Db>): void {
  const root = libraryRoot();
  if (!root) return;
  void db().then((store) => scanLibrary(store, root))
    .then((result) => console.info('[library] scanned', result))
    .catch((error) => console.error('[library] start-up scan failed', error));
  const timer = setInterval(() => {
    void (async () => {
      const store = await db();
      for (const follow of await followsWithKeepPolicy(store)) await pruneFollow(store, root, follow, Date.now());
    })().catch((error) => console.error('[library] prune failed', error));
  }, PRUNE_EVERY_MS);
  timer.unref();
}
