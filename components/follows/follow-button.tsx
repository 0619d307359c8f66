'use client';

import { Check, Loader2, LogIn, Plus } from '@/components/ui/icons';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import useSWR from 'swr';
import { Button, buttonClasses } from '@/components/ui/button';
import { apiGet, apiPost } from '@/lib/client/api-client';
import { useErrorText } from '@/lib/client/error-text';
import { toast } from '@/lib/client/use-toast';
import type { Follow, FollowList } from '@/lib/follows/schemas';
import { Link } from '@/lib/i18n/navigation';
import { useSignedIn } from '@/lib/client/use-signed-in';

/**
 * Follow a creator (a channel or playlist link): new uploads then appear on the dashboard and in the bell. A visitor
 * without a session is sent to sign in. A link the user already follows (as the server stored it) shows Following;
 * following twice is harmless anyway (the server keeps one follow per link).
 */
export function FollowButton({ url, name, size = 'md' }: { url: string; name?: string; size?: 'sm' | 'md' }) {
  const t = useTranslations('Follows');
  const describe = useErrorText();
  const signedIn = useSignedIn();
  const [state, setState] = useState<'idle' | 'busy' | 'following'>('idle');
  const { data, error } = useSWR<FollowList>(signedIn ? '/api/follows' : null, (path: string) => apiGet<FollowList>(path));
  const known = data?.follows.some((follow) => follow.channelUrl === url) ?? false;
  // Until the user's follows are read the button cannot say which it is: it says it is checking rather than offer
  // Follow for a creator already followed. A list that cannot be read leaves Follow (following twice is harmless).
  const checking = signedIn && data === undefined && !error;

  if (!signedIn) {
    return (
      <Link href="/login" data-testid="follow-sign-in" className={buttonClasses('outline', size)}>
        <LogIn className="h-4 w-4" aria-hidden />
        {t('signInToFollow')}
      </Link>
    );
  }

  async function follow() {
    if (state !== 'idle' || known) return;
    setState('busy');
    try {
      const followed = await apiPost<Follow>('/api/follows', { url, ...(name ? { name: name.slice(0, 200) } : {}) });
      setState('following');
      toast({ title: t('following'), description: t('followed', { name: name || followed.name }) });
    } catch (error) {
      setState('idle');
      toast({ title: t('follow'), description: describe(error, t('failed')), variant: 'destructive' });
    }
  }

  if (checking) {
    return (
      <Button variant="outline" size={size} data-testid="follow-button" data-state="loading" disabled aria-busy>
        <Loader2 className="h-4 w-4 animate-spin" aria-hidden />
        {t('checking')}
      </Button>
    );
  }

  const following = state === 'following' || known;
  return (
    <Button
      variant={following ? 'secondary' : 'outline'}
      size={size}
      data-testid="follow-button"
      aria-pressed={following}
      aria-disabled={state === 'busy' || undefined}
      className="aria-disabled:opacity-50"
      onClick={() => void follow()}
    >
      {following ? <Check className="h-4 w-4" aria-hidden /> : <Plus className="h-4 w-4" aria-hidden />}
      {following ? t('following') : t('follow')}
    </Button>
  );
}
