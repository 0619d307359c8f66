'use client';

import { Clock, Download, FileArchive, HardDrive, Scissors } from '@/components/ui/icons';
import { useFormatter, useTranslations } from 'next-intl';
import { useCallback, useRef, useState } from 'react';
import { FollowButton } from '@/components/follows/follow-button';
import { formatIndexForPreset, subsForPreset } from '@/components/presets/preset-choices';
import { PresetPicker } from '@/components/presets/preset-picker';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { formatDuration, sizeText } from '@/lib/client/format-media';
import { matchDefaultFormat } from '@/lib/client/match-default-format';
import type { TrimValue } from '@/lib/client/trim-range';
import { useAutoDownload, useDownloadDefaults } from '@/lib/client/use-download-defaults';
import { useHydrated } from '@/lib/client/use-hydrated';
import { useReveal } from '@/lib/client/use-reveal';
import { useCardPreset } from '@/lib/client/use-presets';
import { presetSponsorChoice } from '@/lib/presets/options';
import { useStartDownload } from '@/lib/client/use-start-download';
import { cn } from '@/lib/cn';
import type { LoudnessChoice } from '@/lib/media/loudness/targets';
import { isSlideshowItag } from '@/lib/media/offers/slideshow-offer';
import type { Format, MediaInfo } from '@/lib/media/types';
import type { SponsorChoice } from '@/lib/media/sponsorblock/categories';
import { useSponsorSettings } from '@/lib/client/use-sponsor-settings';
import { AlreadyDownloaded } from './already-downloaded';
import { ChapterOptions, type SplitChoice } from './chapter-options';
import { DownloadProgressCard } from './download-progress-card';
import { EntryList } from './entry-list';
import { FormatSelect } from './format-select';
import { ItemPicker } from './item-picker';
import { LoudnessSelect } from './loudness-select';
import { MediaThumbnail } from './media-thumbnail';
import { PlatformBadge } from './platform-badge';
import { SaveToLibraryBox } from './save-to-library';
import { SubtitleGroup } from './subtitle-group';
import { TrimControl } from './trim-control';

/**
 * What an analysis found: one media with its format menu, a multi-item post with a
 * picker in front of the menu, or a playlist/channel as a list of links, then the download's progress card.
 * The menu starts on the first format returned, or on the one matching a signed-in user's default preset, else
 * their saved defaults; picking a preset fills the format, subtitles, cut and tags, which stay free to change.
 * Remount it (key) for a new analysis. With `reveal` (an analysis the visitor just started) it scrolls itself into
 * view when it appears out of sight and takes focus on its title.
 */
export function MediaResultCard({
  media,
  onAnalyzeEntry,
  busy,
  reveal = false,
}: {
  media: MediaInfo;
  onAnalyzeEntry: (url: string) => void;
  busy?: boolean;
  reveal?: boolean;
}) {
  const t = useTranslations('MediaResult');
  const cardRef = useRef<HTMLDivElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  useReveal(titleRef, reveal, cardRef);
  const live = useHydrated();
  const download = useStartDownload(media);
  const [toLibrary, setToLibrary] = useState(false);
  // format stays null until the visitor (or auto download) picks one, so defaults answering late never undo a pick.
  const [selection, setSelection] = useState<{ item: number; format: number | null }>({ item: 0, format: null });
  const defaults = useDownloadDefaults();
  // The clip, when the visitor opened the trim control; reset with the item, kept across formats.
  const [trim, setTrim] = useState<TrimValue | null>(null);
  // undefined until the visitor chooses: the preset's language (when offered) until then.
  const [subs, setSubs] = useState<string | null | undefined>(undefined);
  const preset = useCardPreset();
  // undefined until the visitor chooses: the preset's loudness, else the user's setting (the server applies it).
  const [loudness, setLoudness] = useState<LoudnessChoice | undefined>(undefined);
  // undefined until the visitor chooses: the preset's split, else one file.
  const [splitPick, setSplit] = useState<SplitChoice | undefined>(undefined);
  // undefined until the visitor chooses: their SponsorBlock setting (the server applies it).
  const [sponsorPick, setSponsorPick] = useState<SponsorChoice | undefined>(undefined);
  const sponsorSettings = useSponsorSettings();

  const items = media.items && media.items.length > 1 ? media.items : null;
  const item = items?.[selection.item];
  const formats = item?.formats ?? media.formats ?? [];
  const fromPreset = preset.active ? formatIndexForPreset(formats, preset.active) : null;
  const preselected = fromPreset ?? (defaults?.saved ? (matchDefaultFormat(formats, defaults) ?? 0) : 0);
  const formatIndex = selection.format ?? preselected;
  const format = formats[formatIndex] ?? formats[0];
  const duration = formatDuration(item?.duration ?? media.duration);
  const seconds = (items ? item?.duration : media.duration) || 0;
  // Pictures have no timeline; media of unknown length cannot be cut to an end it does not state.
  const trimmable = seconds > 0 && format !== undefined && !/^(jpe?g|png|webp|gif)$/.test(format.ext);
  const clip = trimmable && trim ? trim : undefined;
  const { number } = useFormatter();
  const common = useTranslations('Common');
  // The chosen format's size, written as every other size is (the server's "24.5 MB" is English text).
  const bytes = Number(format?.filesize);
  const fileSize = Number.isFinite(bytes) && bytes > 0 ? sizeText(number, bytes, Boolean(format?.filesizeApprox), (size) => common('sizeUnder', { size })) : null;
  const entries = media.entries ?? [];
  const itemIndex = items ? selection.item : undefined;
  const subtitles = items ? [] : (media.subtitles ?? []);
  // Only a video offer in MP4 or WebM can carry a soft subtitle track.
  const muxable = subtitles.length > 0 && format !== undefined && ['mp4', 'webm'].includes(format.ext);
  const presetSubs = preset.active ? subsForPreset(preset.active, subtitles.map((offer) => offer.language)) : null;
  const muxed = muxable ? (subs === undefined ? presetSubs : subs) : null;
  const presetTags = preset.active?.embedMetadata;
  const tags = presetTags === undefined ? {} : { embedMetadata: presetTags };
  // Only what has sound is normalised: not a picture, nor a text track.
  const audible = format !== undefined && !/^(jpe?g|png|webp|gif|srt|vtt)$/.test(format.ext);
  const asked = audible ? (loudness ?? preset.active?.loudness) : undefined;
  const sound = asked === undefined ? {} : { loudness: asked };
  // Chapters and SponsorBlock belong to the media itself, not to one item of a post.
  const chapterCount = audible && !items ? (media.chapters?.length ?? 0) : 0;
  const youtube = audible && !items && media.platform === 'youtube';
  const split = splitPick ?? preset.active?.split ?? 'off';
  const presetSponsor = preset.active ? presetSponsorChoice(preset.active, sponsorSettings.choice) : undefined;
  const sponsor = sponsorPick ?? presetSponsor;
  const chapterChoice = { ...(chapterCount > 0 && split !== 'off' ? { split } : {}), ...(youtube && sponsor ? { sponsor } : {}) };

  const startDownload = download.start;
  const autoStart = useCallback(
    (index: number, chosen: Format) => {
      setSelection((s) => ({ ...s, format: index }));
      startDownload({ format: chosen, itemIndex, trim: clip, ...(presetTags === undefined ? {} : { embedMetadata: presetTags }), ...(asked === undefined ? {} : { loudness: asked }) });
    },
    [itemIndex, startDownload, clip, presetTags, asked],
  );
  useAutoDownload(formats, autoStart);

  return (
    <>
      {/* scroll-mt: scrolled into view, the card clears the sticky site header. */}
      <Card ref={cardRef} data-testid="result-card" className="scroll-mt-20 overflow-hidden">
        {/* A result the server rendered into the page: its controls wait for their handlers (a press before is lost). */}
        <fieldset disabled={!live} className="m-0 min-w-0 border-0 p-0">
          <div className="grid gap-6 p-4 sm:grid-cols-[16rem_1fr] sm:p-6">
            <MediaThumbnail src={item?.thumbnail || media.thumbnail} alt={media.title} className="aspect-video w-full" priority />
            <div className="flex min-w-0 flex-col gap-3">
              <h2
                ref={titleRef}
                tabIndex={-1}
                data-testid="result-title"
                dir="auto"
                className="text-lg font-semibold leading-snug break-words text-start focus:outline-none"
              >
                {media.title || t('untitled')}
              </h2>
              <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-muted-foreground">
                <PlatformBadge platform={media.platform} otherLabel={t('otherPlatform')} />
                {duration ? (
                  <span className="inline-flex items-center gap-1.5" title={t('duration')}>
                    <Clock className="h-4 w-4" aria-hidden />
                    <span className="sr-only">{t('duration')}: </span>
                    <span data-testid="result-duration" className="tabular-nums" dir="ltr">{duration}</span>
                  </span>
                ) : null}
                {fileSize ? (
                  <span className="inline-flex items-center gap-1.5" title={t('fileSize')}>
                    <HardDrive className="h-4 w-4" aria-hidden />
                    <span className="sr-only">{t('fileSize')}: </span>
                    <span data-testid="result-filesize">{fileSize}</span>
                  </span>
                ) : null}
              </div>
              {media.description ? (
                <p dir="auto" className="line-clamp-2 text-sm text-muted-foreground text-start">{media.description}</p>
              ) : null}
              {format ? (
                <AlreadyDownloaded
                  mediaId={media.id}
                  formats={formats}
                  busy={download.busy}
                  onRedownload={(index) => {
                    setSelection((s) => ({ ...s, format: index }));
                    startDownload({ format: formats[index], itemIndex });
                  }}
                />
              ) : null}
              {format ? (
                <PresetPicker
                  presets={preset.presets}
                  value={preset.active?.id ?? null}
                  onPick={(picked) => {
                    preset.pick(picked);
                    setSelection((s) => ({ ...s, format: null }));
                    setSubs(undefined);
                    setLoudness(undefined);
                    setSplit(undefined);
                    setSponsorPick(undefined);
                    setTrim((open) => open && { ...open, exact: picked.exact });
                  }}
                  className="pt-2"
                />
              ) : null}
              {format ? (
                <div className="mt-auto flex flex-col gap-2 pt-2 sm:flex-row sm:items-center">
                  <FormatSelect formats={formats} value={formatIndex} onChange={(index) => setSelection((s) => ({ ...s, format: index }))} />
                  {/* aria-disabled, not disabled: a disabled button drops keyboard focus to <body> the moment it is pressed. */}
                  <Button
                    size="lg"
                    data-testid="download-button"
                    aria-disabled={download.busy || undefined}
                    className="aria-disabled:cursor-not-allowed aria-disabled:opacity-50"
                    onClick={() => {
                      if (!download.busy) startDownload({ format, itemIndex, trim: clip, ...(muxed ? { subs: muxed } : {}), ...tags, ...sound, ...chapterChoice, ...(toLibrary ? { saveToLibrary: true } : {}) });
                    }}
                  >
                    <Download className="h-4 w-4" aria-hidden />
                    {t('download')}
                  </Button>
                </div>
              ) : null}
              {trimmable ? (
                <div className="flex flex-col gap-3">
                  <button
                    type="button"
                    data-testid="trim-toggle"
                    aria-expanded={trim !== null}
                    aria-controls="trim-panel"
                    onClick={() => setTrim((open) => (open ? null : { start: 0, end: seconds, exact: preset.active?.exact ?? false }))}
                    className={cn(buttonClasses('outline', 'sm'), 'self-start')}
                  >
                    <Scissors className="h-4 w-4" aria-hidden />
                    {t('trim')}
                  </button>
                  {trim ? (
                    <div id="trim-panel">
                      <TrimControl duration={seconds} value={trim} onChange={setTrim} />
                    </div>
                  ) : null}
                </div>
              ) : null}
              {format ? <SaveToLibraryBox id={`library-${media.id}`} checked={toLibrary} onChange={setToLibrary} /> : null}
              {audible ? (
                <LoudnessSelect id={`loudness-${media.id}`} value={asked ?? defaults?.loudness ?? 'off'} onChange={setLoudness} className="grid gap-1.5 sm:max-w-xs" />
              ) : null}
              {format ? (
                <ChapterOptions
                  id={`chapters-${media.id}`} chapters={chapterCount} youtube={youtube} split={split} onSplit={setSplit}
                  sponsor={sponsor ?? sponsorSettings.choice} onSponsor={setSponsorPick}
                />
              ) : null}
              {format ? null : entries.length === 0 ? (
                <p className="text-sm text-muted-foreground">{t('noFormats')}</p>
              ) : null}
            </div>
          </div>
          {subtitles.length > 0 ? (
            <div className="border-t p-4 sm:p-6">
              <SubtitleGroup mediaId={media.id} offers={subtitles} muxable={muxable} muxed={muxed} onMux={setSubs} />
            </div>
          ) : null}
          {items ? (
            <div className="border-t p-4 sm:p-6">
              <ItemPicker
                items={items}
                selected={selection.item}
                onSelect={(index) => {
                  setSelection({ item: index, format: null });
                  setTrim(null);
                }}
              />
              {/* Every item's first format (the one that plays everywhere, the photo as it is), streamed as one archive. */}
              <a
                href={`/api/download/${encodeURIComponent(media.id)}/zip`}
                download=""
                rel="noopener"
                data-testid="download-all-zip"
                className={cn(buttonClasses('outline', 'md'), 'mt-4')}
              >
                <FileArchive className="h-4 w-4" aria-hidden />
                {t('downloadAllZip', { count: items.filter((item) => !isSlideshowItag(item.formats[0]?.itag)).length })}
              </a>
            </div>
          ) : null}
          {entries.length > 0 ? (
            <div className="border-t p-4 sm:p-6">
              {/* A channel or playlist: its new uploads can be followed. */}
              <div className="mb-4 flex justify-end">
                <FollowButton url={media.url} name={media.title || undefined} size="sm" />
              </div>
              <EntryList entries={entries} onAnalyze={onAnalyzeEntry} busy={busy} />
            </div>
          ) : null}
        </fieldset>
      </Card>
      <DownloadProgressCard state={download.state} onCancel={() => void download.cancel()} onRetry={download.retry} />
    </>
  );
}
