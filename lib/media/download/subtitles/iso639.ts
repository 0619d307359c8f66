/**
 * ISO 639-1 → ISO 639-2/T for the languages subtitles come in most: MP4 (`mdhd`) and Matroska store a track's
 * language as three letters, and ffmpeg's MP4 muxer drops a two-letter tag. A tag we cannot map is "und".
 */
const THREE: Record<string, string> = {
  af: 'afr', am: 'amh', ar: 'ara', az: 'aze', be: 'bel', bg: 'bul', bn: 'ben', bs: 'bos', ca: 'cat', cs: 'ces',
  cy: 'cym', da: 'dan', de: 'deu', el: 'ell', en: 'eng', eo: 'epo', es: 'spa', et: 'est', eu: 'eus', fa: 'fas',
  fi: 'fin', fil: 'fil', fr: 'fra', ga: 'gle', gl: 'glg', gu: 'guj', ha: 'hau', he: 'heb', hi: 'hin', hr: 'hrv',
  hu: 'hun', hy: 'hye', id: 'ind', is: 'isl', it: 'ita', ja: 'jpn', jv: 'jav', ka: 'kat', kk: 'kaz', km: 'khm',
  kn: 'kan', ko: 'kor', ku: 'kur', ky: 'kir', la: 'lat', lo: 'lao', lt: 'lit', lv: 'lav', mk: 'mkd', ml: 'mal',
  mn: 'mon', mr: 'mar', ms: 'msa', mt: 'mlt', my: 'mya', nb: 'nob', ne: 'nep', nl: 'nld', nn: 'nno', no: 'nor',
  pa: 'pan', pl: 'pol', ps: 'pus', pt: 'por', ro: 'ron', ru: 'rus', si: 'sin', sk: 'slk', sl: 'slv', so: 'som',
  sq: 'sqi', sr: 'srp', sv: 'swe', sw: 'swa', ta: 'tam', te: 'tel', tg: 'tgk', th: 'tha', tl: 'tgl', tr: 'tur',
  uk: 'ukr', ur: 'urd', uz: 'uzb', vi: 'vie', yo: 'yor', zh: 'zho', zu: 'zul',
};

export function iso639Part2(tag: string): string {
  const primary = tag.toLowerCase().split(/[-_]/)[0];
  if (/^[a-z]{3}$/.test(primary)) return primary;
  return THREE[primary] ?? 'und';
}
