import { numberedName, safeFileName, safeFolderName, safePath, splitExt } from './safe-name';
import { renderTemplate, type TemplateValues } from './template';

/**
 * Where one file goes inside a user's library folder. `plain`: the template's own path. `media-server` (Jellyfin,
 * Kodi, Plex): `<creator>/Season <year>/<the template's file name>`, the template's folders left out, with the
 * show's `tvshow.nfo` and `poster.jpg` in the creator's folder and `<name>.nfo` and `<name>-thumb.jpg` beside the
 * file. Pure.
 */

export const LIBRARY_LAYOUTS = ['plain', 'media-server'] as const;
export type LibraryLayout = (typeof LIBRARY_LAYOUTS)[number];

export interface PlacedFile {
  /** Folders from the user's library folder down to the file's. */
  folders: string[];
  fileName: string;
  /** media-server only: the show's folders (the creator's), and the season (the upload year). */
  show?: { folders: string[]; season: number };
}

/** The template's file name always ends with the file's extension. */
function withExt(name: string, ext: string | undefined): string {
  if (!ext) return name;
  return name.toLowerCase().endsWith(`.${ext.toLowerCase()}`) ? name : `${name}.${ext}`;
}

/** The season of an upload: its year, or the year it was saved when the source gave no date. */
export function seasonOf(values: TemplateValues, savedAt: number): number {
  const year = /^(\d{4})/.exec(String(values.upload_date ?? ''))?.[1];
  return year ? Number(year) : new Date(savedAt).getUTCFullYear();
}

export function placeFile(template: string, layout: LibraryLayout, values: TemplateValues, savedAt: number): PlacedFile {
  const rendered = renderTemplate(template, values);
  const ext = values.ext === null || values.ext === undefined ? undefined : String(values.ext);
  if (layout === 'plain') {
    const parts = safePath([...rendered.slice(0, -1), withExt(rendered[rendered.length - 1], ext)]);
    return { folders: parts.slice(0, -1), fileName: parts[parts.length - 1] };
  }
  const season = seasonOf(values, savedAt);
  const showFolder = safeFolderName(String(values.creator ?? '').trim() || 'Unknown');
  return {
    folders: [showFolder, `Season ${season}`],
    fileName: safeFileName(withExt(rendered[rendered.length - 1], ext)),
    show: { folders: [showFolder], season },
  };
}

/** The names beside a media-server file: its NFO and its thumbnail. */
export function sidecarNames(fileName: string): { nfo: string; thumb: string } {
  const { stem } = splitExt(fileName);
  return { nfo: `${stem}.nfo`, thumb: `${stem}-thumb.jpg` };
}

/**
 * A file name free in a folder holding `existing` names, compared without case (as on Windows and macOS); in
 * the media-server layout its NFO and thumbnail names must be free too.
 */
export function freeFileName(fileName: string, existing: Iterable<string>, withSidecars: boolean): string {
  const lower = new Set([...existing].map((name) => name.toLowerCase()));
  return numberedName(fileName, (candidate) => {
    if (lower.has(candidate.toLowerCase())) return true;
    if (!withSidecars) return false;
    const { nfo, thumb } = sidecarNames(candidate);
    return lower.has(nfo.toLowerCase()) || lower.has(thumb.toLowerCase());
  });
}
