'use client';

import { useTranslations } from 'next-intl';
import useSWR from 'swr';
import { apiGet } from '@/lib/client/api-client';
import { useSignedIn } from '@/lib/client/use-signed-in';
import type { LibraryStatus } from '@/lib/library/schemas';

/** Whether "also save to my library" may be offered: a signed-in visitor on a server with a library folder. */
export function useLibraryAvailable(): boolean {
  const signedIn = useSignedIn();
  const { data } = useSWR<LibraryStatus>(signedIn ? '/api/library/settings' : null, apiGet);
  return Boolean(data?.available);
}

/** The "also save to my library" box of the result card and the batch form; nothing where no library is offered. */
export function SaveToLibraryBox({ id, checked, disabled, onChange }: { id: string; checked: boolean; disabled?: boolean; onChange: (checked: boolean) => void }) {
  const t = useTranslations('Library');
  if (!useLibraryAvailable()) return null;
  return (
    <label htmlFor={id} className="flex items-center gap-2 text-sm">
      <input id={id} type="checkbox" className="h-4 w-4" data-testid="save-to-library" checked={checked} disabled={disabled} onChange={(event) => onChange(event.target.checked)} />
      {t('saveToLibrary')}
    </label>
  );
}
