export { convertFiles, type ConvertFilesOptions } from './convert';
export { buildConvertArgs, chooseAudioEncoder, chooseVideoEncoder, type ConvertJob } from './convert-args';
export { firstStream, probeMedia, type ProbeResult, type ProbedStream } from './probe';
export { runFfmpeg, runningFfmpegCount, type RunFfmpegOptions } from './run-ffmpeg';
