'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import useSWR from 'swr';
import { Button } from '@/components/ui/button';
import { ChoiceSelect } from '@/components/ui/choice-select';
import { ChevronDown, Copy } from '@/components/ui/icons';
import { apiGet, apiRequest } from '@/lib/client/api-client';
import { useErrorText } from '@/lib/client/error-text';
import { notifyError, notifySuccess } from '@/lib/client/notify';
import type { FeedCreated, FeedStatus } from '@/lib/podcast/schemas';

/**
 * A follow's podcast feed on its card: on or off, audio or video, a new secret link (shown once, with Copy) and
 * turning it off. Read only once the disclosure is opened, so a list of follows asks nothing until then.
 */
export function FollowFeed({ followId }: { followId: string }) {
  const t = useTranslations('PodcastFeed');
  const describe = useErrorText();
  const [open, setOpen] = useState(false);
  const path = `/api/follows/${encodeURIComponent(followId)}/feed`;
  const { data, mutate } = useSWR<FeedStatus>(open ? path : null, apiGet);
  const [url, setUrl] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function act(work: () => Promise<FeedStatus | FeedCreated>, done?: string) {
    setBusy(true);
    try {
      const next = await work();
      setUrl('url' in next ? next.url : null);
      await mutate(next, { revalidate: false });
      if (done) notifySuccess(t('title'), done);
    } catch (error) {
      notifyError(t('title'), describe(error, t('failed')), error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <details className="group rounded-md border" data-testid="follow-feed" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="flex cursor-pointer list-none items-center justify-between gap-2 px-3 py-2 text-sm font-medium hover:bg-muted/50 [&::-webkit-details-marker]:hidden">
        <span>{t('title')}</span>
        <ChevronDown className="h-4 w-4 shrink-0 text-muted-foreground transition-transform group-open:rotate-180" aria-hidden />
      </summary>
      <div className="space-y-3 px-3 pb-3 text-sm">
        <p className="text-muted-foreground">{t('description')}</p>
        {url && (
          <div role="status" className="space-y-2 rounded-md border border-primary/40 bg-primary/5 p-3" data-testid="follow-feed-url">
            <p className="font-medium">{t('urlOnce')}</p>
            <div className="flex flex-col gap-2 sm:flex-row">
              <code dir="ltr" aria-label={t('urlLabel')} className="min-w-0 flex-1 truncate rounded bg-muted px-2 py-1.5 text-start font-mono">{url}</code>
              <Button variant="outline" size="sm" onClick={() => void navigator.clipboard.writeText(url).then(() => notifySuccess(t('title'), t('copied')))}>
                <Copy className="h-4 w-4" aria-hidden />
                {t('copy')}
              </Button>
            </div>
          </div>
        )}
        {data && <p data-testid="follow-feed-state">{data.enabled ? t('on') : t('off')}</p>}
        <div className="flex flex-wrap items-center gap-2">
          <label htmlFor={`feed-media-${followId}`} className="text-muted-foreground">{t('media')}</label>
          <ChoiceSelect
            id={`feed-media-${followId}`}
            testId="follow-feed-media"
            className="h-9 w-auto min-w-36"
            value={data?.media ?? 'video'}
            onValueChange={(media) => void act(() => apiRequest<FeedStatus>(path, { method: 'PATCH', body: { media } }), t('saved'))}
            choices={[{ value: 'audio', label: t('audio') }, { value: 'video', label: t('video') }]}
          />
          <Button size="sm" variant="outline" disabled={busy || !data} data-testid="follow-feed-regenerate" onClick={() => void act(() => apiRequest<FeedCreated>(path, { method: 'POST' }))}>
            {data?.enabled ? t('regenerate') : t('create')}
          </Button>
          {data?.enabled && (
            <Button size="sm" variant="ghost" disabled={busy} data-testid="follow-feed-revoke" onClick={() => void act(() => apiRequest<FeedStatus>(path, { method: 'DELETE' }), t('off'))}>
              {t('revoke')}
            </Button>
          )}
        </div>
        <p className="text-xs text-muted-foreground">{t('mediaHint')}</p>
      </div>
    </details>
  );
}
