import 'server-only';
import type { DownloadFormat } from '@/lib/downloads/download-formats';
import { pickBulkPlan, pickOffer } from '@/lib/downloads/pick-offer';
import { AppError } from '@/lib/errors';
import type { AnalyzedMedia } from '@/lib/media/analyze';
import type { OfferPlan } from '@/lib/media/offers';
import { silentVariant } from '@/lib/media/offers/silent-variant';
import type { CobaltRequest } from './schemas';

/** What a cobalt request gets: one file, or (a post of several) a picker of items and maybe the post's sound. */
export type CobaltChoice =
  | { kind: 'file'; plan: OfferPlan }
  | { kind: 'picker'; items: { type: 'photo' | 'video'; plan: OfferPlan; index: number }[]; audio?: OfferPlan };

type Prefs = Pick<CobaltRequest, 'videoQuality' | 'audioFormat' | 'audioBitrate' | 'downloadMode' | 'youtubeVideoCodec' | 'youtubeVideoContainer'>;

// cobalt's audioFormat as our audio offers; `best` keeps the source's sound where an offer does (M4A), else Opus.
const AUDIO: Record<Prefs['audioFormat'], DownloadFormat[]> = {
  best: ['m4a', 'opus', 'mp3'],
  mp3: ['mp3'],
  ogg: ['opus'],
  opus: ['opus'],
  wav: ['wav'],
};

/** The media's sound in the wanted format, else the next one cobalt's `best` would take. */
function pickAudio(media: AnalyzedMedia, prefs: Prefs): OfferPlan {
  const quality = Number(prefs.audioBitrate) >= 256 ? '320' : '128';
  const wanted = [...AUDIO[prefs.audioFormat], ...AUDIO.best.filter((f) => !AUDIO[prefs.audioFormat].includes(f))];
  for (const format of wanted) {
    try {
      return pickOffer(media, quality, format);
    } catch {
      // not offered: the next format
    }
  }
  throw new AppError('format_unavailable', 'This media has no sound to download');
}

/**
 * The video at the wanted height (or the nearest below), in MP4 — or in WebM when the client asks for that
 * container, or prefers VP9 and the source has it at the same height (a WebM made by encoding H.264 is slower and
 * no better); a link with sound only gets its sound, a photo its picture (the bulk download's rule).
 */
function pickVideo(media: AnalyzedMedia, prefs: Prefs): OfferPlan {
  const quality = prefs.videoQuality === 'max' ? 'best' : `${prefs.videoQuality}p`;
  const webm = () => {
    try {
      return pickOffer(media, quality, 'webm');
    } catch {
      return undefined;
    }
  };
  if (prefs.youtubeVideoContainer === 'webm') return webm() ?? pickBulkPlan(media, { quality, format: 'mp4' });
  const mp4 = pickBulkPlan(media, { quality, format: 'mp4' });
  if (prefs.youtubeVideoContainer !== 'auto' || prefs.youtubeVideoCodec !== 'vp9') return mp4;
  const vp9 = webm();
  return vp9?.videoCodec === 'copy' && vp9.height === mp4.height ? vp9 : mp4;
}

/** A silent variant is addressed by its itag like every offer: it joins the analysis's plans. */
function muted(media: AnalyzedMedia, plan: OfferPlan): OfferPlan {
  const variant = silentVariant(plan);
  if (!media.plans.has(variant.itag)) media.plans.set(variant.itag, variant);
  return media.plans.get(variant.itag)!;
}

function pickOne(media: AnalyzedMedia, prefs: Prefs): OfferPlan {
  if (prefs.downloadMode === 'audio') return pickAudio(media, prefs);
  const plan = pickVideo(media, prefs);
  return prefs.downloadMode === 'mute' ? muted(media, plan) : plan;
}

/** One item of a post seen as media of its own (bare itags), so the same picks apply to it. */
function itemView(media: AnalyzedMedia, index: number): AnalyzedMedia {
  const prefix = `i${index}-`;
  const plans = new Map<string, OfferPlan>();
  for (const [itag, plan] of media.plans) {
    if (itag.startsWith(prefix)) plans.set(itag.slice(prefix.length), { ...plan, itag: itag.slice(prefix.length) });
  }
  return { ...media, plans };
}

/** The item's own plan for what was picked in its view. */
const inItem = (media: AnalyzedMedia, index: number, picked: OfferPlan): OfferPlan => {
  const itag = `i${index}-${picked.itag}`;
  if (!media.plans.has(itag)) media.plans.set(itag, { ...picked, itag });
  return media.plans.get(itag)!;
};

const kindOf = (view: AnalyzedMedia) => {
  const kinds = new Set([...view.plans.values()].map((plan) => plan.kind));
  if (kinds.has('video')) return 'video';
  return kinds.has('image') ? 'photo' : kinds.has('audio') ? 'audio' : undefined;
};

/**
 * A cobalt request's preferences → the offers to hand out. A post of several items is a picker (its photos as
 * they are, its videos as the request asks) with a slideshow's sound as `audio`; with `downloadMode: audio` a post
 * gives the sound of its first item that has one.
 */
export function chooseForCobalt(media: AnalyzedMedia, prefs: Prefs): CobaltChoice {
  const items = media.info.items ?? [];
  if (items.length < 2) return { kind: 'file', plan: pickOne(media, prefs) };
  // A slideshow's pictures composed into one video are our own extra: cobalt's clients expect the photos and the
  // sound, so that item is left out of what they are handed.
  const views = items
    .map((_, index) => ({ index, view: itemView(media, index) }))
    .filter(({ index }) => !media.extraction.items?.[index]?.slideshow);
  if (prefs.downloadMode === 'audio') {
    for (const { index, view } of views) {
      const kind = kindOf(view);
      if (kind === 'video' || kind === 'audio') return { kind: 'file', plan: inItem(media, index, pickAudio(view, prefs)) };
    }
    throw new AppError('format_unavailable', 'This post has no sound to download');
  }
  const picker: Extract<CobaltChoice, { kind: 'picker' }>['items'] = [];
  let audio: OfferPlan | undefined;
  for (const { index, view } of views) {
    const kind = kindOf(view);
    if (kind === 'photo') picker.push({ type: 'photo', index, plan: inItem(media, index, [...view.plans.values()].find((p) => p.kind === 'image')!) });
    else if (kind === 'video') picker.push({ type: 'video', index, plan: inItem(media, index, pickOne(view, prefs)) });
    else if (kind === 'audio' && !audio) audio = inItem(media, index, pickAudio(view, prefs));
  }
  if (picker.length === 0) throw new AppError('no_media', 'No downloadable media found in this post');
  return { kind: 'picker', items: picker, ...(audio ? { audio } : {}) };
}
