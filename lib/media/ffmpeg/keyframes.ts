import 'server-only';
import { execFile } from 'node:child_process';
import { AppError } from '@/lib/errors';
import { localInputArgs } from './input-args';
import { ffprobeBin } from './probe';

interface RawPackets {
  format?: { start_time?: string };
  packets?: { pts_time?: string; dts_time?: string; flags?: string }[];
}

/**
 * The time of the picture's last keyframe at or before `seconds`, both counted from the file's own start: where a
 * copied cut can begin and still decode. Read from the packets' flags (nothing is decoded); 0 when the file has
 * no keyframe that early.
 */
export function keyframeAtOrBefore(file: string, seconds: number, opts: { signal?: AbortSignal } = {}): Promise<number> {
  const args = ['-v', 'error', '-select_streams', 'V:0', '-show_entries', 'format=start_time:packet=pts_time,dts_time,flags', '-of', 'json', ...localInputArgs(file)];
  return new Promise((resolve, reject) => {
    execFile(ffprobeBin(), args, { signal: opts.signal, maxBuffer: 64 * 1024 * 1024, timeout: 120_000 }, (error, stdout) => {
      if (error) return reject(new AppError('upstream_failed', 'The media could not be read', { cause: error.message }));
      const raw = JSON.parse(stdout) as RawPackets;
      const origin = Number(raw.format?.start_time ?? 0) || 0;
      let best = 0;
      for (const packet of raw.packets ?? []) {
        if (!packet.flags?.startsWith('K')) continue;
        const at = Number(packet.pts_time ?? packet.dts_time) - origin;
        // A thousandth of slack: printed times are rounded to the microsecond.
        if (Number.isFinite(at) && at <= seconds + 0.001 && at > best) best = at;
      }
      resolve(Math.max(0, best));
    });
  });
}
