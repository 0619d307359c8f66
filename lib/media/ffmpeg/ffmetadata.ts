/** A chapter as the file carries it: seconds on the file's own timeline, and a title. */
export interface FileChapter {
  start: number;
  end: number;
  title: string;
}

/** FFMETADATA escapes '=', ';', '#', '\' and line breaks with a backslash. */
const escape = (text: string) => text.replace(/[=;#\\\n]/g, (c) => `\\${c}`);

/** Chapters as an FFMETADATA1 file, in milliseconds: what `-map_chapters` reads from a metadata input. */
export function ffmetadataText(chapters: readonly FileChapter[]): string {
  const blocks = chapters.map((c) =>
    ['[CHAPTER]', 'TIMEBASE=1/1000', `START=${Math.round(c.start * 1000)}`, `END=${Math.round(c.end * 1000)}`, `title=${escape(c.title)}`].join('\n'));
  return [';FFMETADATA1', ...blocks].join('\n') + '\n';
}

/**
 * `-i` for a metadata file we wrote ourselves: read as FFMETADATA and nothing else (it names no other file),
 * from the local disk only.
 */
export function ffmetadataInputArgs(path: string): string[] {
  return ['-protocol_whitelist', 'file', '-format_whitelist', 'ffmetadata', '-f', 'ffmetadata', '-i', `file:${path}`];
}
