'use client';

import { Check, LogIn, Plus } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button, buttonClasses } from '@/components/ui/button';
import { apiPost } from '@/lib/client/api-client';
import { useErrorText } from '@/lib/client/error-text';
import { toast } from '@/lib/client/use-toast';
import type { Follow } from '@/lib/follows/schemas';
import { Link } from '@/lib/i18n/navigation';
import { useSignedIn } from './use-signed-in';

/**
 * Follow a creator (a channel or playlist link): new uploads then appear on the dashboard and in the bell. A visitor
 * without a session is sent to sign in. Following twice is harmless (the server keeps one follow per link).
 */
export function FollowButton({ url, name, size = 'md' }: { url: string; name?: string; size?: 'sm' | 'md' }) {
  const t = useTranslations('Follows');
  const describe = useErrorText();
  const signedIn = useSignedIn();
  const [state, setState] = useState<'idle' | 'busy' | 'following'>('idle');

  if (!signedIn) {
    return (
      <Link href="/login" data-testid="follow-sign-in" className={buttonClasses('outline', size)}>
        <LogIn className="h-4 w-4" aria-hidden />
        {t('signInToFollow')}
      </Link>
    );
  }

  async function follow() {
    if (state !== 'idle') return;
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

  const following = state === 'following';
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
