'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { platformLabel } from '@/lib/platform-labels';
import { USER_COOKIE_DOMAINS, type UserCookiePlatform } from '@/lib/user-cookies/platforms';
import type { CookieSummary } from '@/lib/user-cookies/schemas';
import { CookieForm } from './cookie-form';

/** One platform: what is stored ("added on …, N cookies, earliest expiry …") or nothing, add/replace and remove. */
export function CookieRow({ platform, summary, onSave, onRemove }: {
  platform: UserCookiePlatform;
  summary: CookieSummary | undefined;
  onSave: (text: string) => Promise<boolean>;
  onRemove: () => void;
}) {
  const t = useTranslations('UserCookies');
  const format = useFormatter();
  const [open, setOpen] = useState(false);
  const label = platformLabel(platform) ?? platform;
  const day = (iso: string) => format.dateTime(new Date(iso), { dateStyle: 'medium' });
  const line = summary
    ? summary.earliestExpiry
      ? t('summary', { date: day(summary.addedAt), count: summary.count, expiry: day(summary.earliestExpiry) })
      : t('summarySession', { date: day(summary.addedAt), count: summary.count })
    : t('none');
  return (
    <li className="space-y-3 p-3" data-testid={`cookies-${platform}`}>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0 space-y-1">
          <p className="font-medium">{label}</p>
          <p className="text-xs text-muted-foreground" data-testid={`cookies-${platform}-summary`}>{line}</p>
        </div>
        <div className="flex gap-2 self-start sm:self-center">
          {!open && (
            <Button variant="outline" size="sm" onClick={() => setOpen(true)} data-testid={`cookies-${platform}-add`}>
              {summary ? t('replace') : t('add')}
            </Button>
          )}
          {summary && (
            <Button variant="outline" size="sm" onClick={onRemove} aria-label={t('removeLabel', { platform: label })}>
              {t('remove')}
            </Button>
          )}
        </div>
      </div>
      {open && (
        <CookieForm
          platform={platform}
          domains={USER_COOKIE_DOMAINS[platform].join(', ')}
          onCancel={() => setOpen(false)}
          onSave={async (text) => {
            if (await onSave(text)) setOpen(false);
          }}
        />
      )}
    </li>
  );
}
