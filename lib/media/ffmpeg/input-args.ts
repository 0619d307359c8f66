/**
 * The demuxers ffmpeg and ffprobe may use on an input. Every input is a file or pipe we wrote, but its bytes
 * are the source's: left to guess, ffmpeg picks the HLS demuxer for a "video" whose body is a playlist, the
 * concat demuxer for an ffconcat list, and so on — and those open whatever the text names (`file:/…`, another
 * user's prepared file in the temp folder), which `-protocol_whitelist file,pipe` allows because our own input
 * is a file. Only containers that carry their media in themselves and refer to nothing else are listed: no
 * hls, dash, concat, image2 (file patterns), vobsub (a sibling .sub), imf, sdp/rtp/rtsp, tee or devices.
 * ffmpeg matches each demuxer by any of its names ("mov" stands for mov,mp4,m4a,3gp,3g2,mj2).
 */
export const SAFE_DEMUXERS = [
  // video containers
  'mov', 'matroska', 'mpegts', 'flv', 'avi', 'asf', 'mpeg', 'ivf', 'h264', 'hevc', 'm4v', 'mpegvideo',
  // audio
  'mp3', 'aac', 'loas', 'ogg', 'flac', 'wav', 'w64', 'aiff', 'caf', 'ac3', 'eac3', 'dts', 'truehd', 'amr', 'wv', 'ape',
  // pictures, probed from bytes
  'png_pipe', 'jpeg_pipe', 'webp_pipe', 'gif', 'bmp_pipe', 'tiff_pipe',
  // text tracks, which name no other file
  'webvtt', 'srt',
].join(',');

/** `-i` for a local file or pipe, with the protocol and demuxer rules every ffmpeg and ffprobe input gets. */
export function localInputArgs(input: string): string[] {
  return ['-protocol_whitelist', 'file,pipe', '-format_whitelist', SAFE_DEMUXERS, '-i', input];
}
