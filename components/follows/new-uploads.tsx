'use client';

import { Download, X } from '@/components/ui/icons';
import { useTranslations } from 'next-intl';
import useSWR from 'swr';
import { Skeleton } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { apiGet, apiPost, apiRequest } from '@/lib/client/api-client';
import { useErrorText } from '@/lib/client/error-text';
import { toast } from '@/lib/client/use-toast';
import type { FollowUpload } from '@/lib/follows/schemas';
import { UploadFileLink } from './upload-file-link';

export const UPLOADS_PATH = '/api/follows/uploads';
const uploadPath = (upload: FollowUpload) => `/api/follows/${encodeURIComponent(upload.followId)}/uploads/${encodeURIComponent(upload.mediaId)}`;

/** "New from creators you follow": each new upload with Download and Dismiss; background downloads with their file. */
export function NewUploads() {
  const t = useTranslations('Follows');
  const describe = useErrorText();
  const { data, error, isLoading, mutate } = useSWR<{ uploads: FollowUpload[] }>(UPLOADS_PATH, (path: string) => apiGet<{ uploads: FollowUpload[] }>(path), { refreshInterval: 30_000 });
  const uploads = data?.uploads ?? [];
  // "Nothing new" only once the list has been read: while it loads, or when it could not be read, it says so.
  const state = data ? 'ready' : error && !isLoading ? 'error' : 'loading';

  async function act(upload: FollowUpload, action: 'download' | 'dismiss') {
    try {
      if (action === 'download') {
        const { downloadId } = await apiPost<{ downloadId: string }>(`${uploadPath(upload)}/download`, {});
        toast({ title: t('downloadStarted'), description: upload.title });
        await mutate((current) => current && {
          uploads: current.uploads.map((u) => (u === upload || (u.mediaId === upload.mediaId && u.followId === upload.followId) ? { ...u, state: 'downloading', downloadId } : u)),
        }, { revalidate: false });
      } else {
        await apiRequest(uploadPath(upload), { method: 'DELETE' });
        await mutate();
      }
    } catch (error) {
      toast({ title: t(action), description: describe(error, t('failed')), variant: 'destructive' });
    }
  }

  return (
    <section className="space-y-3" data-testid="follow-new-uploads" data-state={state} aria-busy={state === 'loading'} aria-labelledby="follow-new-title">
      <h2 id="follow-new-title" className="text-lg font-semibold">{t('newTitle')}</h2>
      {state === 'loading' ? <Skeleton className="h-5 w-2/3" /> : null}
      {state === 'error' ? (
        <p className="flex flex-wrap items-center gap-2 text-sm text-destructive-ink" role="alert">
          {describe(error, t('newLoadFailed'))}
          <Button size="sm" variant="outline" onClick={() => void mutate()}>{t('retry')}</Button>
        </p>
      ) : null}
      {state !== 'ready' ? null : uploads.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('newEmpty')}</p>
      ) : (
        <Card className="divide-y">
          {uploads.map((upload) => (
            <div key={`${upload.followId}:${upload.mediaId}`} data-testid="follow-upload" className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center">
              <div className="min-w-0 flex-1 text-start">
                <p dir="auto" className="truncate font-medium" data-testid="follow-upload-title">{upload.title}</p>
                <p dir="auto" className="truncate text-sm text-muted-foreground">{upload.creator}</p>
                {upload.state === 'skipped' ? (
                  <p className="text-sm text-destructive">{upload.reason === 'quota' ? t('skippedQuota') : t('skippedFailed')}</p>
                ) : null}
              </div>
              <div className="flex shrink-0 flex-wrap items-center gap-2">
                {upload.downloadId && (upload.state === 'downloading' || upload.state === 'downloaded') ? (
                  <UploadFileLink downloadId={upload.downloadId} />
                ) : null}
                {upload.state === 'new' ? (
                  <Button size="sm" data-testid="follow-upload-download" onClick={() => void act(upload, 'download')}>
                    <Download className="h-4 w-4" aria-hidden />
                    {t('download')}
                  </Button>
                ) : null}
                <Button size="sm" variant="ghost" data-testid="follow-upload-dismiss" onClick={() => void act(upload, 'dismiss')}>
                  <X className="h-4 w-4" aria-hidden />
                  {t('dismiss')}
                </Button>
              </div>
            </div>
          ))}
        </Card>
      )}
    </section>
  );
}
