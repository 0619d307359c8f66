'use client';

import { Loader2, Play } from '@/components/ui/icons';
import { useTranslations } from 'next-intl';
import { useCallback, useState, type FormEvent } from 'react';
import { FALLBACK_DEFAULTS } from '@/lib/client/match-default-format';
import { useDownloadDefaults } from '@/lib/client/use-download-defaults';
import { useSignedIn } from '@/lib/client/use-signed-in';
import { SaveToLibraryBox } from '@/components/media/save-to-library';
import { LoudnessSelect } from '@/components/media/loudness-select';
import { PresetPicker } from '@/components/presets/preset-picker';
import { usePresets } from '@/lib/client/use-presets';
import { toast } from '@/lib/client/use-toast';
import { Button } from '@/components/ui/button';
import { Label, Textarea } from '@/components/ui/input';
import { useErrorText } from '@/lib/client/error-text';
import { splitUrls, type BulkFormat, type BulkQuality } from '@/lib/bulk/options';
import type { LoudnessChoice } from '@/lib/media/loudness/targets';
import type { SplitChoice } from '@/components/media/chapter-options';
import { bulkChoiceOf, presetSponsorChoice } from '@/lib/presets/options';
import type { SponsorChoice } from '@/lib/media/sponsorblock/categories';
import { useSponsorSettings } from '@/lib/client/use-sponsor-settings';
import { bulkChoiceFor } from './bulk-defaults';
import { BulkOptions } from './bulk-options';
import { BulkQueue } from './bulk-queue';
import { BulkSplit, splitFields } from './bulk-split';
import { BulkSponsor, sponsorFields } from './bulk-sponsor';
import { useBulkBatch, type BulkAction, type BulkOutcome } from '@/lib/client/use-bulk-batch';

/**
 * The /bulk page's working part: links in, one batch at a time, its queue followed live. Quality and format
 * start from the user's default preset (when a batch can make it), else their download defaults; a preset picked
 * fills both (and its loudness, split and SponsorBlock lists), and a select the visitor changed keeps their choice.
 */
export function BulkDownload({ initialText = '' }: { initialText?: string }) {
  const t = useTranslations('Bulk');
  const tPresets = useTranslations('Presets');
  const signedIn = useSignedIn();
  const [later, setLater] = useState(false);
  const [toLibrary, setToLibrary] = useState(false);
  const describe = useErrorText('bulk');
  const [text, setText] = useState(initialText);
  const [picked, setPicked] = useState<{ quality?: BulkQuality; format?: BulkFormat; loudness?: LoudnessChoice; split?: SplitChoice; sponsor?: SponsorChoice }>({});
  const defaults = useDownloadDefaults();
  const presets = usePresets();
  const sponsorSettings = useSponsorSettings();
  const [presetId, setPresetId] = useState<string | null>(null);
  const defaultPreset = presets.find((candidate) => candidate.isDefault && bulkChoiceOf(candidate));
  const preset = (defaultPreset && bulkChoiceOf(defaultPreset)) ?? bulkChoiceFor(defaults ?? FALLBACK_DEFAULTS);
  const quality = picked.quality ?? preset.quality;
  const format = picked.format ?? preset.format;
  // Unsaid (no preset, no choice), the server applies the user's setting.
  const loudness = picked.loudness ?? defaultPreset?.loudness;
  const split = picked.split ?? defaultPreset?.split ?? 'off';
  // The preset's lists (picked, else the default one), else the user's saved setting (a visitor's: the default).
  const activePreset = presetId ? presets.find((candidate) => candidate.id === presetId) : defaultPreset;
  const sponsor = picked.sponsor ?? (activePreset && presetSponsorChoice(activePreset, sponsorSettings.choice)) ?? sponsorSettings.choice;

  const onDone = useCallback(
    ({ completed }: BulkOutcome) => {
      if (completed > 0) toast({ title: t('completeTitle'), description: t('completeDescription', { count: completed }) });
      else toast({ title: t('failedTitle'), description: t('failedDescription'), variant: 'destructive' });
    },
    [t],
  );
  const { batch, start, act, processing } = useBulkBatch(onDone);
  const onAction = useCallback(
    (action: BulkAction) => act(action).catch((error: unknown) => {
      toast({ title: t('actionFailed'), description: describe(error, t('actionFailed')), variant: 'destructive' });
    }),
    [act, t, describe],
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const urls = splitUrls(text);
    if (urls.length === 0) {
      toast({ title: t('errorTitle'), description: t('noUrls'), variant: 'destructive' });
      return;
    }
    try {
      await start({ urls, quality, format, ...(loudness ? { loudness } : {}), ...splitFields(split), ...sponsorFields(sponsor), ...(later && signedIn ? { later: true } : {}), ...(toLibrary && signedIn ? { saveToLibrary: true } : {}) });
    } catch (error) {
      toast({ title: t('failedTitle'), description: describe(error, t('failedDescription')), variant: 'destructive' });
    }
  };

  return (
    <>
      <form onSubmit={submit} className="grid gap-5 rounded-xl border bg-card p-5 shadow-sm sm:p-6">
        <div className="grid gap-1.5">
          <Label htmlFor="bulk-urls">{t('urlsLabel')}</Label>
          <Textarea
            id="bulk-urls"
            data-testid="bulk-textarea"
            dir="ltr"
            rows={7}
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder={t('placeholder')}
            spellCheck={false}
            autoComplete="off"
            className="font-mono text-[13px]"
          />
          <p className="text-xs text-muted-foreground">{t('hint')}</p>
        </div>
        <PresetPicker
          id="bulk-preset"
          presets={presets}
          value={presetId ?? defaultPreset?.id ?? null}
          disabled={processing}
          usable={(candidate) => bulkChoiceOf(candidate) !== null}
          unusableNote={tPresets('notForBatch')}
          onPick={(candidate) => {
            const choice = bulkChoiceOf(candidate);
            if (!choice) return;
            setPresetId(candidate.id);
            setPicked({ ...choice, loudness: candidate.loudness, split: candidate.split ?? 'off' });
          }}
        />
        <BulkOptions
          quality={quality}
          format={format}
          disabled={processing}
          onQuality={(next) => setPicked((p) => ({ ...p, quality: next }))}
          onFormat={(next) => setPicked((p) => ({ ...p, format: next }))}
        />
        <LoudnessSelect id="bulk-loudness" value={loudness ?? defaults?.loudness ?? 'off'} onChange={(next) => setPicked((p) => ({ ...p, loudness: next }))} className="grid gap-1.5 sm:max-w-xs" disabled={processing} />
        <BulkSplit id="bulk-split" value={split} disabled={processing} onChange={(next) => setPicked((p) => ({ ...p, split: next }))} />
        <BulkSponsor id="bulk-sponsor" value={sponsor} disabled={processing} onChange={(next) => setPicked((p) => ({ ...p, sponsor: next }))} />
        <SaveToLibraryBox id="bulk-library" checked={toLibrary} disabled={processing} onChange={setToLibrary} />
        {signedIn && (
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" className="h-4 w-4" data-testid="bulk-later" checked={later} disabled={processing} onChange={(event) => setLater(event.target.checked)} />
            {t('later')}
          </label>
        )}
        <div>
          <Button type="submit" size="lg" data-testid="bulk-start" disabled={processing || text === ''}>
            {processing ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> : <Play className="h-4 w-4" aria-hidden />}
            {processing ? t('processing') : t('start')}
          </Button>
        </div>
      </form>
      {batch && <BulkQueue batch={batch} onAction={onAction} />}
    </>
  );
}
