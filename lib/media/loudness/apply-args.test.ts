import { describe, expect, it } from 'vitest';
import { buildApplyArgs, secondPassFilter, truePeakFor } from './apply-args';
import { parseLoudnormJson } from './measure';

const MEASURE = { inputI: -34.96, inputTp: -21.69, inputLra: 3.2, inputThresh: -44.96, targetOffset: 0.04 };
const AUDIO = { index: 1, codecType: 'audio' as const, codecName: 'aac', channels: 6, sampleRate: 44_100 };

describe('the second pass', () => {
  it('hands loudnorm back the first pass\'s figures, linear, with a range target at least the source\'s', () => {
    expect(secondPassFilter(MEASURE, -14, -1.5)).toBe(
      'loudnorm=I=-14:TP=-1.5:LRA=11:measured_I=-34.96:measured_TP=-21.69:measured_LRA=3.20:measured_thresh=-44.96:offset=0.04:linear=true:print_format=none',
    );
    expect(secondPassFilter({ ...MEASURE, inputLra: 18.3 }, -23, -1.5)).toContain(':LRA=19:');
    expect(secondPassFilter({ ...MEASURE, inputLra: 80 }, -23, -1.5)).toContain(':LRA=50:');
  });

  it('copies every stream but the sound, which is encoded in the container\'s codec at its own rate', () => {
    const args = buildApplyArgs({ input: '/tmp/in', output: '/tmp/out', container: 'mp4', audio: AUDIO, targetI: -16, truePeak: -1.5, measure: MEASURE });
    expect(args.join(' ')).toMatch(/-map 0 -dn -c copy -af loudnorm=I=-16:.* -c:a aac -b:a 192k -ar 44100 /);
    expect(args).toEqual(expect.arrayContaining(['-movflags', '+faststart', '-f', 'mp4']));
    expect(args.at(-1)).toBe('/tmp/out');
    // The input is read with the same demuxer rules every input gets.
    expect(args.slice(0, 6)).toEqual(['-protocol_whitelist', 'file,pipe', '-format_whitelist', expect.any(String), '-i', '/tmp/in']);
  });

  it('Opus runs at 48 kHz and takes stereo; an MP3 keeps the bitrate its offer names', () => {
    const opus = buildApplyArgs({ input: 'i', output: 'o', container: 'webm', audio: AUDIO, targetI: -14, truePeak: -1.5, measure: MEASURE }).join(' ');
    expect(opus).toContain('-c:a libopus -b:a 160k -ar 48000 -ac 2');
    const mp3 = buildApplyArgs({ input: 'i', output: 'o', container: 'mp3', audio: { ...AUDIO, channels: 2 }, audioBitrate: 128, targetI: -14, truePeak: -1.5, measure: MEASURE }).join(' ');
    expect(mp3).toContain('-c:a libmp3lame -b:a 128k -ar 44100 -max_muxing_queue_size 4096 -id3v2_version 3 -f mp3');
    expect(buildApplyArgs({ input: 'i', output: 'o', container: 'wav', audio: AUDIO, targetI: -14, truePeak: -1, measure: MEASURE }).join(' ')).toContain('-c:a pcm_s16le -ar 44100 -max_muxing_queue_size 4096 -f wav');
  });

  it('lossy encoders aim half a dB under the ceiling; PCM aims at it', () => {
    expect(truePeakFor('aac', -1)).toBe(-1.5);
    expect(truePeakFor('pcm_s16le', -1)).toBe(-1);
  });
});

describe('parseLoudnormJson', () => {
  it('reads the last summary loudnorm printed; silence (-inf) and no summary are undefined', () => {
    const printed = '[Parsed_loudnorm_0 @ 0x1] \n{\n\t"input_i" : "-34.96",\n\t"input_tp" : "-21.69",\n\t"input_lra" : "3.20",\n\t"input_thresh" : "-44.96",\n\t"output_i" : "-14.04",\n\t"target_offset" : "0.04"\n}\n';
    expect(parseLoudnormJson(`noise {not json}\n${printed}`)).toEqual(MEASURE);
    expect(parseLoudnormJson(printed.replace('"-34.96"', '"-inf"'))).toBeUndefined();
    expect(parseLoudnormJson('no summary here')).toBeUndefined();
  });
});
