'use client';

import { useTranslations } from 'next-intl';
import { use } from 'react';

/**
 * Which yt-dlp this server extracts with, read on the server when the page is shown (not when it was built) and
 * handed in as it arrives. Signed-in users read it here; /api/health shows versions to admins and the operator only.
 */
export function EngineVersion({ version }: { version: Promise<string | null> }) {
  const t = useTranslations('ApiDocs');
  const known = use(version);
  return (
    <p className="text-sm text-muted-foreground" data-testid="api-engine-version">
      {known ? t('engine', { version: known }) : t('engineUnknown')}
    </p>
  );
}
