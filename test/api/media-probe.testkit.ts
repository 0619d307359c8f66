import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** ffprobe's own view of a file (not the engine's wrapper): format with tags, streams with dispositions. */
export interface Probed {
  format: { duration?: string; format_name: string; tags?: Record<string, string> };
  streams: { index: number; codec_type: string; codec_name: string; width?: number; height?: number; duration?: string; disposition?: { attached_pic?: number } }[];
}

export async function ffprobeFile(file: string): Promise<Probed> {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file]);
  return JSON.parse(stdout) as Probed;
}

export async function saveAndProbe(dir: string, name: string, body: Buffer): Promise<{ file: string; probe: Probed }> {
  const file = path.join(dir, name);
  await writeFile(file, body);
  return { file, probe: await ffprobeFile(file) };
}

/** The picture's packets: presentation time (from the file's start) and whether each is a keyframe, in decode order. */
export async function videoPackets(file: string): Promise<{ pts: number; key: boolean }[]> {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-select_streams', 'V:0', '-show_entries', 'packet=pts_time,flags', '-of', 'json', file], { maxBuffer: 64 << 20 });
  const json = JSON.parse(stdout) as { packets: { pts_time: string; flags: string }[] };
  return json.packets.map((p) => ({ pts: Number(p.pts_time), key: p.flags.startsWith('K') }));
}

/** Keyframe times of a file, read by ffprobe. */
export async function keyframeTimes(file: string): Promise<number[]> {
  return (await videoPackets(file)).filter((p) => p.key).map((p) => p.pts).sort((a, b) => a - b);
}
