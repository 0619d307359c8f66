import { capOptional, capText, TEXT_CAPS } from '@/lib/media/text-caps';
import type { ExtractedItem, Extraction, SourceFormat, SubtitleSource } from '@/lib/media/types';

const { title: TITLE, description: DESCRIPTION, name: NAME, tag: TAG } = TEXT_CAPS;

/** Only the fields that are set: an absent field stays absent, not `undefined`. */
function defined<T extends object>(value: T): T {
  for (const key of Object.keys(value) as (keyof T)[]) if (value[key] === undefined) delete value[key];
  return value;
}

function capSource(source: SourceFormat): SourceFormat {
  return defined({
    ...source,
    id: capText(source.id, TAG),
    container: capOptional(source.container, TAG),
    mimeType: capOptional(source.mimeType, TAG),
    vcodec: source.vcodec === null ? null : capText(source.vcodec, TAG),
    acodec: source.acodec === null ? null : capText(source.acodec, TAG),
    language: capOptional(source.language, TAG),
    audioGroup: capOptional(source.audioGroup, NAME),
    note: capOptional(source.note, NAME),
  });
}

function capSubtitle(track: SubtitleSource): SubtitleSource {
  return { ...track, id: capText(track.id, TAG), language: capText(track.language, TAG), label: capText(track.label, NAME) };
}

function capItem(item: ExtractedItem): ExtractedItem {
  const capped: ExtractedItem = { ...item, id: capText(item.id, NAME), title: capText(item.title, TITLE), sources: item.sources.map(capSource) };
  if (item.slideshow) {
    capped.slideshow = { ...item.slideshow, pictures: item.slideshow.pictures.map(capSource), sound: capSource(item.slideshow.sound) };
  }
  return capped;
}

/**
 * An engine's answer with every text it read from a stranger cut to TEXT_CAPS (at a code-point boundary): the
 * title, description, uploader, ids, items' and entries' titles, text tracks' labels and languages, and the
 * streams' notes, codecs and types. URLs and request headers are kept whole: they are addresses, not text shown.
 * Whichever engine answered, this is where its answer enters the system.
 */
export function capExtraction(extraction: Extraction): Extraction {
  const capped: Extraction = defined({
    ...extraction,
    id: capText(extraction.id, NAME),
    title: capText(extraction.title, TITLE),
    description: capOptional(extraction.description, DESCRIPTION),
    uploader: capOptional(extraction.uploader, NAME),
    uploadDate: capOptional(extraction.uploadDate, TAG),
    sources: extraction.sources.map(capSource),
  });
  if (extraction.subtitles) capped.subtitles = extraction.subtitles.map(capSubtitle);
  if (extraction.items) capped.items = extraction.items.map(capItem);
  if (extraction.entries) {
    capped.entries = extraction.entries.map((entry) => defined({ ...entry, title: capOptional(entry.title, TITLE), id: capOptional(entry.id, NAME) }));
  }
  return capped;
}
