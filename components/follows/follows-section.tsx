'use client';

import { Pause, Play, RefreshCw, Trash2 } from '@/components/ui/icons';
import { ChoiceSelect } from '@/components/ui/choice-select';
import { Disclosure } from '@/components/ui/disclosure';
import { useFormatter, useNow, useTranslations } from 'next-intl';
import useSWR from 'swr';
import { PlatformBadge } from '@/components/media/platform-badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { apiGet, apiPost, apiRequest } from '@/lib/client/api-client';
import { useErrorText } from '@/lib/client/error-text';
import { toast } from '@/lib/client/use-toast';
import type { Follow, FollowList, FollowPatch } from '@/lib/follows/schemas';
import { FollowFeed } from './follow-feed';
import { FollowFiltersForm } from './follow-filters-form';
import { FollowLibraryPanel } from '@/components/dashboard/library/follow-library-form';

const FOLLOWS_PATH = '/api/follows';
const followPath = (id: string) => `${FOLLOWS_PATH}/${encodeURIComponent(id)}`;

/** The dashboard's Follows section: each followed creator with its mode, filters, pause/resume, check now and unfollow. */
export function FollowsSection() {
  const t = useTranslations('Follows');
  const format = useFormatter();
  const now = useNow({ updateInterval: 60_000 });
  const describe = useErrorText();
  const { data, mutate } = useSWR<FollowList>(FOLLOWS_PATH, (path: string) => apiGet<FollowList>(path));
  const follows = data?.follows ?? [];

  async function run(action: () => Promise<unknown>, title: string, done?: string) {
    try {
      await action();
      await mutate();
      if (done) toast({ title, description: done });
    } catch (error) {
      toast({ title, description: describe(error, t('failed')), variant: 'destructive' });
    }
  }
  const change = (follow: Follow, patch: FollowPatch, title: string, done?: string) =>
    run(() => apiRequest(followPath(follow.id), { method: 'PATCH', body: patch }), title, done);
  async function checkNow(follow: Follow) {
    try {
      const { queued } = await apiPost<{ queued: boolean }>(`${followPath(follow.id)}/check`, {});
      toast({ title: t('checkNow'), description: queued ? t('checkQueued') : t('checkTooSoon') });
    } catch (error) {
      toast({ title: t('checkNow'), description: describe(error, t('failed')), variant: 'destructive' });
    }
  }

  return (
    <section className="space-y-3" data-testid="follows-section" aria-labelledby="follows-title">
      <h2 id="follows-title" className="text-lg font-semibold">{t('sectionTitle')}</h2>
      {data && follows.length === 0 ? <p className="text-sm text-muted-foreground">{t('empty')}</p> : null}
      {follows.length > 0 ? (
        <Card className="divide-y">
          {follows.map((follow) => (
            <div key={follow.id} data-testid="follow-row" className="space-y-3 p-4">
              <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
                <div className="min-w-0 flex-1 text-start">
                  <div className="flex flex-wrap items-center gap-2">
                    <p dir="auto" className="truncate font-medium" data-testid="follow-name">{follow.name}</p>
                    <PlatformBadge platform={follow.platform} otherLabel={follow.platform} />
                    {follow.paused ? <span className="rounded bg-muted px-2 py-0.5 text-xs" data-testid="follow-paused">{t('paused')}</span> : null}
                  </div>
                  {follow.lastCheckAt && follow.lastCheckError ? (
                    <p className="text-xs text-destructive" data-testid="follow-check-failed">
                      {t('lastCheckFailed', {
                        time: format.relativeTime(new Date(follow.lastCheckAt), now),
                        reason: describe({ code: follow.lastCheckError }, t('failed')),
                      })}
                    </p>
                  ) : (
                    <p className="text-xs text-muted-foreground">
                      {follow.lastCheckAt ? t('lastCheck', { time: format.relativeTime(new Date(follow.lastCheckAt), now) }) : t('neverChecked')}
                    </p>
                  )}
                </div>
                <div className="flex items-center gap-2 text-sm">
                  <label htmlFor={`follow-mode-${follow.id}`} className="text-muted-foreground">{t('mode')}</label>
                  <ChoiceSelect
                    id={`follow-mode-${follow.id}`}
                    testId="follow-mode"
                    className="h-9 w-auto min-w-40"
                    value={follow.mode}
                    onValueChange={(mode) => void change(follow, { mode: mode as Follow['mode'] }, t('mode'))}
                    choices={[
                      { value: 'pick', label: t('modePick') },
                      ...(data?.autoAvailable || follow.mode === 'auto' ? [{ value: 'auto', label: t('modeAuto') }] : []),
                    ]}
                  />
                </div>
              </div>
              <div className="flex flex-wrap gap-2">
                <Button size="sm" variant="outline" data-testid="follow-check-now" onClick={() => void checkNow(follow)}>
                  <RefreshCw className="h-4 w-4" aria-hidden />
                  {t('checkNow')}
                </Button>
                <Button size="sm" variant="outline" data-testid="follow-pause" onClick={() => void change(follow, { paused: !follow.paused }, follow.paused ? t('resume') : t('pause'))}>
                  {follow.paused ? <Play className="h-4 w-4 rtl:-scale-x-100" aria-hidden /> : <Pause className="h-4 w-4" aria-hidden />}
                  {follow.paused ? t('resume') : t('pause')}
                </Button>
                <Button size="sm" variant="ghost" data-testid="follow-unfollow" onClick={() => void run(() => apiRequest(followPath(follow.id), { method: 'DELETE' }), t('unfollow'))}>
                  <Trash2 className="h-4 w-4" aria-hidden />
                  {t('unfollow')}
                </Button>
              </div>
              <Disclosure summary={t('filters')} testId="follow-filters-toggle">
                <FollowFiltersForm id={`filters-${follow.id}`} filters={follow.filters} onSave={(filters) => change(follow, { filters }, t('filters'), t('saved'))} />
              </Disclosure>
              <FollowLibraryPanel id={`library-${follow.id}`} library={follow.library} onSave={(library, title) => change(follow, { library }, title, t('saved'))} />
              <FollowFeed followId={follow.id} />
            </div>
          ))}
        </Card>
      ) : null}
    </section>
  );
}
