'use client';

import { Database, EyeOff, FileDown, Server, ShieldCheck, Trash2, type IconComponent } from '@/components/ui/icons';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

// The four privacy notes, each a key under Settings.privacy.notes.
const NOTES: { key: 'urls' | 'history' | 'sharing' | 'processing'; icon: IconComponent }[] = [
  { key: 'urls', icon: EyeOff },
  { key: 'history', icon: Database },
  { key: 'sharing', icon: ShieldCheck },
  { key: 'processing', icon: Server },
];

/** What we keep and what we don't, plus Export Data and Clear All History. */
export function PrivacySecurity({ onExport, onClearHistory }: { onExport?: () => void; onClearHistory?: () => void }) {
  const t = useTranslations('Settings');
  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle>{t('privacy.title')}</CardTitle>
          <CardDescription>{t('privacy.description')}</CardDescription>
        </CardHeader>
        <CardContent>
          <ul className="grid gap-4 sm:grid-cols-2">
            {NOTES.map(({ key, icon: Icon }) => (
              <li key={key} className="flex gap-3 rounded-lg border p-4">
                <span className="grid h-9 w-9 shrink-0 place-items-center rounded-md bg-success/15 text-success">
                  <Icon className="h-4 w-4" aria-hidden />
                </span>
                <span className="space-y-1">
                  <span className="block text-sm font-medium">{t(`privacy.notes.${key}.title`)}</span>
                  <span className="block text-xs text-muted-foreground">{t(`privacy.notes.${key}.body`)}</span>
                </span>
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t('privacy.dataTitle')}</CardTitle>
          <CardDescription>{t('privacy.dataDescription')}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-wrap gap-3">
          <Button variant="outline" onClick={onExport} data-testid="settings-export">
            <FileDown className="h-4 w-4" aria-hidden />
            {t('privacy.export')}
          </Button>
          <Button variant="destructive" onClick={onClearHistory} data-testid="settings-clear-history">
            <Trash2 className="h-4 w-4" aria-hidden />
            {t('privacy.clearHistory')}
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
