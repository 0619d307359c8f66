import 'server-only';
import { rm, writeFile } from 'node:fs/promises';
import { AppError } from '@/lib/errors';
import { buildConvertArgs, chooseAudioEncoder, chooseVideoEncoder, type ConvertCut, type ConvertInput, type ConvertJob } from './convert-args';
import { streamFromHint, type CodecHints, type HintedStream } from './convert-hints';
import { ffmetadataText, type FileChapter } from './ffmetadata';
import type { FileTags } from './metadata-args';
import { firstStream, probeMedia } from './probe';
import { runFfmpeg } from './run-ffmpeg';
import { sniffTsStreams, type SniffedStreams } from './sniff-streams';

export interface ConvertFilesOptions {
  /** With the sources' codec strings (and the sound's length) when the extraction had them (an `OfferPlan` carries them). */
  plan: ConvertJob['plan'] & { video?: CodecHints; audio?: CodecHints & { duration?: number } };
  /** Local files we wrote; the same path for both when the source is muxed. */
  videoPath?: string;
  audioPath?: string;
  /** A WebVTT file to mux into a video as a soft subtitle track. */
  subtitle?: ConvertJob['subtitle'];
  audioLanguage?: string;
  output: string;
  signal?: AbortSignal;
  /** 0..1, from ffmpeg's output clock against the inputs' duration (only when the inputs were probed). */
  onProgress?: (fraction: number) => void;
  /** A cut of the source, in the source's seconds. */
  cut?: CutRequest;
  tags?: FileTags;
  /** A local picture file, an audio file's cover. */
  cover?: string;
  /** The media's chapters, in the source's seconds: written into the file (those of a cut shifted to it). */
  chapters?: readonly FileChapter[];
}

/** What the output is of its source: where it starts in the source's seconds, and the chapters written into it. */
export interface ConvertedFile {
  origin: number;
  chapters: FileChapter[];
}

export interface CutRequest {
  start: number;
  end: number;
  exact: boolean;
  /** Where in the source each local file begins (a window of segments starts later than 0). */
  videoOffset: number;
  audioOffset: number;
  /** A keyframe at or before `start` known without reading the file: the start of the segment holding it. */
  videoKeyframe?: number;
}

/** Past a keyframe's printed time, so seeking backwards to it lands on it and not on the one before. */
const ON_KEYFRAME = 0.0005;

type Inputs = [ConvertInput | undefined, ConvertInput | undefined];

/**
 * The inputs as the extraction describes them, when that is enough: every stream named precisely and every
 * stream copied. A copy takes about as long as an ffprobe start, so skipping the probe there is most of the
 * saving; an encode takes far longer and its progress bar needs the duration only a probe gives.
 */
function inputsFromHints(opts: ConvertFilesOptions, read: SniffedStreams = {}): Inputs | undefined {
  const { plan } = opts;
  const videoPath = plan.kind === 'video' ? opts.videoPath : undefined;
  const video = videoPath ? (streamFromHint('video', plan.video) ?? read.video) : undefined;
  const audio = opts.audioPath ? (streamFromHint('audio', plan.audio) ?? read.audio) : undefined;
  if ((videoPath && !video) || (opts.audioPath && !audio)) return undefined;
  const byPath = new Map<string, ConvertInput>();
  const input = (path: string, hinted: HintedStream) => {
    const found = byPath.get(path) ?? { path, assumed: true, probe: { formatName: '', duration: 0, size: 0, streams: [] } };
    const stream = { index: found.probe.streams.length, ...hinted };
    found.probe.streams.push(stream);
    byPath.set(path, found);
    return { input: found, stream };
  };
  const v = video && input(videoPath!, video);
  const a = audio && input(opts.audioPath!, audio);
  if (v && chooseVideoEncoder(plan, v.stream) !== 'copy') return undefined;
  if (a && chooseAudioEncoder(plan, a.stream) !== 'copy') return undefined;
  return [v?.input, a?.input];
}

/**
 * The extraction's codec strings, else what the head of an MPEG-TS file says (an HLS playlist rarely names its
 * codecs precisely): read in-process, it costs a file read where an ffprobe costs a process start.
 */
async function knownInputs(opts: ConvertFilesOptions): Promise<Inputs | undefined> {
  const fromPlan = inputsFromHints(opts);
  if (fromPlan) return fromPlan;
  const videoPath = opts.plan.kind === 'video' ? opts.videoPath : undefined;
  const [video, audio] = await Promise.all([
    videoPath ? sniffTsStreams(videoPath) : undefined,
    opts.audioPath && opts.audioPath !== videoPath ? sniffTsStreams(opts.audioPath) : undefined,
  ]);
  if ((videoPath && !video) || (opts.audioPath && opts.audioPath !== videoPath && !audio)) return undefined;
  return inputsFromHints(opts, { video: video?.video, audio: (audio ?? video)?.audio });
}

/**
 * An MP3 encode the plan names outright, of a source the extraction says carries sound: nothing in the file changes
 * the command (the encoder is fixed, and ffmpeg itself folds more than two channels into the stereo LAME takes), so
 * the probe would only give the length for the progress bar, which the extraction usually gives too.
 */
function mp3EncodeInputs(opts: ConvertFilesOptions): Inputs | undefined {
  const { plan } = opts;
  if (plan.kind !== 'audio' || plan.audioCodec !== 'mp3' || !opts.audioPath || opts.cut) return undefined;
  const sound = streamFromHint('audio', plan.audio);
  const duration = plan.audio?.duration ?? 0;
  if (!sound || (opts.onProgress && !(duration > 0))) return undefined;
  return [undefined, { path: opts.audioPath, assumed: true, probe: { formatName: '', duration, size: 0, streams: [{ index: 0, ...sound }] } }];
}

function probedInputs(opts: ConvertFilesOptions): Promise<Inputs> {
  const probes = new Map<string, Promise<ConvertInput>>();
  // A cut reads the picture's keyframes in the same probe.
  const keyframes = opts.cut !== undefined && opts.plan.kind === 'video' && !opts.cut.exact && opts.cut.videoKeyframe === undefined;
  const input = (path: string | undefined) => {
    if (!path) return undefined;
    const options = { signal: opts.signal, keyframes: keyframes && path === opts.videoPath };
    if (!probes.has(path)) probes.set(path, probeMedia(path, options).then((probe) => ({ path, probe })));
    return probes.get(path);
  };
  return Promise.all([input(opts.videoPath), input(opts.audioPath)]);
}

/**
 * Local files → the offer's file, in one ffmpeg run. Unless the extraction already settled it (above), the
 * inputs are probed first: the probe decides whether a "copy" is really possible and gives the duration that
 * turns ffmpeg's clock into a fraction.
 */
export async function convertFiles(opts: ConvertFilesOptions): Promise<ConvertedFile> {
  // The probe is skipped when the extraction says enough, unless a cut must find its keyframe in the file.
  const cut = opts.cut;
  const findsKeyframe = cut !== undefined && opts.plan.kind === 'video' && !cut.exact && cut.videoKeyframe === undefined;
  const plain = !opts.plan.messaging && !findsKeyframe;
  const [video, audio] = (plain ? (mp3EncodeInputs(opts) ?? (await knownInputs(opts))) : undefined) ?? (await probedInputs(opts));
  const cutArgs = cut ? cutOf(opts, video) : undefined;
  const chapters = chaptersOnOutput(opts.chapters ?? [], cutArgs);
  const chapterFile = chapters.length > 0 ? `${opts.output}.chapters.txt` : undefined;
  if (chapterFile) await writeFile(chapterFile, ffmetadataText(chapters));
  const args = buildConvertArgs({
    plan: opts.plan, video, audio, output: opts.output, cut: cutArgs, tags: opts.tags, cover: opts.cover,
    ...(chapterFile ? { chapters: chapterFile, keyframesAt: chapters.slice(1).map((c) => c.start) } : {}),
    ...(opts.subtitle ? { subtitle: opts.subtitle } : {}),
    ...(opts.audioLanguage ? { audioLanguage: opts.audioLanguage } : {}),
  });
  const duration = cutArgs?.length ?? Math.max(video?.probe.duration ?? 0, audio?.probe.duration ?? 0);
  const onProgress = opts.onProgress;
  try {
    await runFfmpeg(args, {
      signal: opts.signal,
      onProgress: onProgress && duration > 0 ? (seconds) => onProgress(Math.min(1, Math.max(0, seconds / duration))) : undefined,
    });
  } catch (error) {
    // ffmpeg stopping on bytes the probe accepted (frames that do not decode) is the source's failure, with a
    // stable code, never a 500.
    if (opts.signal?.aborted || !(error instanceof AppError) || error.code !== 'internal') throw error;
    throw new AppError('upstream_failed', 'The media could not be converted', error.details);
  } finally {
    if (chapterFile) await rm(chapterFile, { force: true });
  }
  onProgress?.(1);
  return { origin: cutArgs?.origin ?? 0, chapters };
}

/**
 * Where each input starts reading. A copied picture must start on a keyframe: the cut moves back to the last one
 * at or before `start` (found in the local file), so the clip may begin a little early but always decodes. A
 * picture that is encoded anyway (exact cuts, conversions) starts on the exact frame.
 */
function cutOf(opts: ConvertFilesOptions, video: ConvertInput | undefined): ConvertCut & { origin: number } {
  const { start, end, exact, videoOffset, audioOffset } = opts.cut!;
  const stream = opts.plan.kind === 'video' && video ? firstStream(video.probe, 'video') : undefined;
  const copied = stream !== undefined && chooseVideoEncoder(opts.plan, stream, { videoSeek: 0, audioSeek: 0, length: 0, encode: exact }) === 'copy';
  let from = start;
  if (copied && opts.cut!.videoKeyframe !== undefined) from = opts.cut!.videoKeyframe;
  else if (copied) {
    // A thousandth of slack: printed times are rounded to the microsecond.
    const within = start - videoOffset + 0.001;
    from = videoOffset + Math.max(0, ...(video!.probe.keyframes ?? []).filter((k) => k <= within));
  }
  const seek = (offset: number) => Math.max(0, from - offset + (copied ? ON_KEYFRAME : 0));
  return { videoSeek: seek(videoOffset), audioSeek: seek(audioOffset), length: end - from, encode: exact, origin: from };
}

/**
 * The chapters on the output's timeline: a cut's file starts at its origin (the keyframe a copy starts on),
 * so the chapters inside it move up by that much and are cut at its ends; those outside it are dropped.
 */
function chaptersOnOutput(chapters: readonly FileChapter[], cut: { origin: number; length: number } | undefined): FileChapter[] {
  if (!cut) return [...chapters];
  const to = cut.origin + cut.length;
  return chapters
    .map((c) => ({ title: c.title, start: Math.max(c.start, cut.origin) - cut.origin, end: Math.min(c.end, to) - cut.origin }))
    .filter((c) => c.end - c.start >= 0.05);
}
