import { describe, expect, it } from 'vitest';
import { DEFAULT_TEMPLATE, parseTemplate, renderTemplate, SAMPLE_VALUES, templateProblem } from './template';

describe('renderTemplate', () => {
  it('fills fields, defaults, date formats and padded numbers', () => {
    expect(renderTemplate('%(creator)s/%(title)s.%(ext)s', { creator: 'Ann', title: 'Hi', ext: 'mp4' })).toEqual(['Ann', 'Hi.mp4']);
    expect(renderTemplate('%(creator|Unknown)s', {})).toEqual(['Unknown']);
    expect(renderTemplate('%(creator|Unknown)s', { creator: '  ' })).toEqual(['Unknown']);
    expect(renderTemplate('%(upload_date>%Y-%m-%d)s', { upload_date: '20240309' })).toEqual(['2024-03-09']);
    expect(renderTemplate('%(upload_date>%y%m%d %j)s', { upload_date: '2024-12-31' })).toEqual(['241231 366']);
    expect(renderTemplate('%(upload_date)s', { upload_date: '20240309' })).toEqual(['20240309']);
    expect(renderTemplate('%(playlist_index)03d - %(title)s', { playlist_index: 7, title: 'x' })).toEqual(['007 - x']);
    expect(renderTemplate('100%% %(id)s', { id: 'a' })).toEqual(['100% a']);
  });

  it('writes NA for a missing value without a default, and the default for a bad date', () => {
    expect(renderTemplate('%(playlist)s', {})).toEqual(['NA']);
    expect(renderTemplate('%(upload_date>%Y|undated)s', { upload_date: 'soon' })).toEqual(['undated']);
  });

  it('never lets a value make folders', () => {
    expect(renderTemplate('%(creator)s/%(title)s', { creator: '../etc', title: 'a/b\\c' })).toEqual(['.._etc', 'a_b_c']);
  });

  it('renders the default template with the sample values', () => {
    expect(renderTemplate(DEFAULT_TEMPLATE, SAMPLE_VALUES)).toEqual(['Jane Doe', '2026-03-14 My trip: part 1_2 [dQw4w9WgXcQ].mp4']);
  });
});

describe('template validation', () => {
  const code = (template: string) => templateProblem(template)?.code ?? null;
  it('accepts valid templates', () => {
    expect(code(DEFAULT_TEMPLATE)).toBeNull();
    expect(code('%(creator|Unknown)s/%(upload_date>%Y-%m)s/%(playlist_index)03d %(title)s.%(ext)s')).toBeNull();
    expect(code('%(platform)s/%(channel_id)s/%(upload_year)s/%(upload_month)s-%(upload_day)s %(title)s [%(quality)s]')).toBeNull();
    expect(parseTemplate('a%b')).toEqual([{ kind: 'text', text: 'a%b' }]);
  });
  it('names each problem', () => {
    expect(code('')).toBe('empty');
    expect(code('x'.repeat(301))).toBe('too_long');
    expect(code('%(title')).toBe('unclosed');
    expect(code('%(uploader)s')).toBe('unknown_field');
    expect(code('%(Title)s')).toBe('unknown_field');
    expect(code('%(title)')).toBe('bad_conversion');
    expect(code('%(title)x')).toBe('bad_conversion');
    expect(code('%(title>%Y)s')).toBe('date_format_on_text');
    expect(code('%(upload_date>%H)s')).toBe('bad_date_format');
    expect(code('/%(title)s')).toBe('absolute');
    expect(code('a\\%(title)s')).toBe('absolute');
    expect(code('../%(title)s')).toBe('parent_folder');
    expect(code('a//%(title)s')).toBe('empty_folder');
    expect(code('%(title)s/')).toBe('empty_folder');
    expect(code('a/b/c/d/e/f/g/h/%(title)s')).toBe('too_deep');
  });
  it('reports the unknown field by name', () => {
    expect(templateProblem('%(nope)s')?.field).toBe('nope');
    expect(templateProblem('%(nope)s')?.message).toContain('nope');
  });
});
