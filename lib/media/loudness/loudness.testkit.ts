import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** What a player's meter reads of a file's first sound stream: ffmpeg's ebur128 filter with true peaks. */
export async function readLoudness(file: string): Promise<{ integrated: number; truePeak: number }> {
  const { stderr } = await run('ffmpeg', ['-hide_banner', '-nostats', '-i', file, '-map', '0:a:0', '-af', 'ebur128=peak=true', '-f', 'null', '-'], { maxBuffer: 64 * 1024 * 1024 });
  const summary = stderr.slice(stderr.lastIndexOf('Summary:'));
  const integrated = Number(/I:\s+(-?[\d.]+|-inf) LUFS/.exec(summary)?.[1]);
  const truePeak = Number(/Peak:\s+(-?[\d.]+|-inf) dBFS/.exec(summary)?.[1]);
  return { integrated, truePeak };
}

/** A quiet sound (pink noise, about -35 LUFS) and a loud one (a sine, about -6 LUFS, peaks near full scale). */
export const SOUNDS = {
  quiet: (seconds: number) => `anoisesrc=color=pink:amplitude=0.1:duration=${seconds}:sample_rate=48000:seed=7`,
  loud: (seconds: number) => `sine=frequency=440:duration=${seconds}:sample_rate=48000,volume=16dB`,
} as const;

const AUDIO_CODEC: Record<string, string[]> = {
  mp3: ['-c:a', 'libmp3lame', '-b:a', '192k', '-f', 'mp3'],
  m4a: ['-c:a', 'aac', '-b:a', '160k', '-f', 'ipod'],
  wav: ['-c:a', 'pcm_s16le', '-f', 'wav'],
  ogg: ['-c:a', 'libopus', '-b:a', '128k', '-f', 'ogg'],
};

/** An audio file of the given loudness in a container (stereo, 48 kHz), tagged with a title. */
export async function makeAudio(file: string, sound: keyof typeof SOUNDS, container: keyof typeof AUDIO_CODEC, seconds = 6): Promise<void> {
  await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', SOUNDS[sound](seconds), '-ac', '2',
    '-metadata', 'title=Fixture', ...AUDIO_CODEC[container], '-y', file]);
}

/** A small H.264 + AAC MP4 (or VP9 + Opus WebM) with sound of the given loudness. */
export async function makeVideo(file: string, sound: keyof typeof SOUNDS, container: 'mp4' | 'webm', seconds = 4): Promise<void> {
  const video = container === 'mp4'
    ? ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '128k', '-movflags', '+faststart', '-f', 'mp4']
    : ['-c:v', 'libvpx-vp9', '-deadline', 'realtime', '-cpu-used', '8', '-b:v', '200k', '-c:a', 'libopus', '-b:a', '96k', '-f', 'webm'];
  await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', `testsrc=size=160x120:rate=15:duration=${seconds}`,
    '-f', 'lavfi', '-i', SOUNDS[sound](seconds), '-shortest', ...video, '-y', file]);
}

/** A digest of one stream's packets as they are stored: equal digests mean the stream was copied, not re-encoded. */
export async function streamDigest(file: string, stream: string): Promise<string> {
  const { stdout } = await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-i', file, '-map', `0:${stream}`, '-c', 'copy', '-f', 'md5', '-']);
  return stdout.trim();
}
