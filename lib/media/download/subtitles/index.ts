export { writeSubtitleFile } from './write-subtitles';
export { parseSrt, parseVtt, toSrt, toVtt, type Cue } from './cues';
