'use client';

import { useTranslations } from 'next-intl';
import useSWR from 'swr';
import { apiGet } from '@/lib/client/api-client';
import type { LibraryStatus } from '@/lib/library/schemas';
import { DEFAULT_TEMPLATE } from '@/lib/library/template';
import { LIBRARY_SETTINGS_PATH } from './library-settings-path';
import { TemplateField } from './template-field';

/**
 * A preset's library choices in its form: whether its downloads also go to the library, and under which template
 * (empty: the user's own). Shown only where the server has a library folder.
 */
export function PresetLibraryFields({ id, saveToLibrary, template, onChange }: {
  id: string;
  saveToLibrary: boolean;
  template: string;
  onChange: (patch: { saveToLibrary?: boolean; libraryTemplate?: string | null }) => void;
}) {
  const t = useTranslations('Library');
  const { data } = useSWR<LibraryStatus>(LIBRARY_SETTINGS_PATH, apiGet);
  if (!data?.available) return null;
  return (
    <div className="grid gap-3 sm:col-span-2">
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" data-testid="preset-save-to-library" checked={saveToLibrary} onChange={(event) => onChange({ saveToLibrary: event.target.checked })} />
        {t('saveToLibrary')}
      </label>
      {saveToLibrary ? (
        <TemplateField
          id={`${id}-template`} label={t('presetTemplate')} value={template} layout={data.layout} fallback={data.template ?? DEFAULT_TEMPLATE}
          placeholder={t('follow.templatePlaceholder')} onChange={(next) => onChange({ libraryTemplate: next.trim() === '' ? null : next })}
        />
      ) : null}
    </div>
  );
}
