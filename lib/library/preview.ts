import { placeFile, sidecarNames, type LibraryLayout } from './layout';
import { SAMPLE_VALUES, templateProblem, type TemplateError, type TemplateValues } from './template';

export type Preview = { ok: true; paths: string[] } | { ok: false; error: TemplateError };

/**
 * What a template and layout make of sample values: the paths written inside the user's library folder (the
 * media-server layout's show files and sidecars too), or the template's problem. Pure: the settings page and the
 * follow form show it as the user types.
 */
export function previewLibrary(template: string, layout: LibraryLayout, values: TemplateValues = SAMPLE_VALUES, at = Date.UTC(2026, 0, 1)): Preview {
  const problem = templateProblem(template);
  if (problem) return { ok: false, error: problem };
  const placed = placeFile(template, layout, values, at);
  const file = [...placed.folders, placed.fileName].join('/');
  if (!placed.show) return { ok: true, paths: [file] };
  const show = placed.show.folders.join('/');
  const folder = placed.folders.join('/');
  const { nfo, thumb } = sidecarNames(placed.fileName);
  return { ok: true, paths: [`${show}/tvshow.nfo`, `${show}/poster.jpg`, file, `${folder}/${nfo}`, `${folder}/${thumb}`] };
}
