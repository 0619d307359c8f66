const RIGHT_TO_LEFT = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/;

/**
 * The direction a preset's name reads in: right to left when it holds any right-to-left letter ("MP4 بدقة 1080p"
 * starts with Latin letters, which `dir="auto"` would take for a left-to-right name), else left to right; an empty
 * field follows the page, so its placeholder does.
 */
export function nameDir(name: string): 'rtl' | 'ltr' | undefined {
  if (name.trim() === '') return undefined;
  return RIGHT_TO_LEFT.test(name) ? 'rtl' : 'ltr';
}
