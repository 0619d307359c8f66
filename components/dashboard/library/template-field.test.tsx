// @vitest-environment jsdom
import { act, useState } from 'react';
import { NextIntlClientProvider } from 'next-intl';
import { describe, expect, it } from 'vitest';
import ar from '@/messages/ar.json';
import en from '@/messages/en.json';
import { mount } from '@/test/mount';
import type { LibraryLayout } from '@/lib/library/layout';
import { TemplateField } from './template-field';

function Field({ initial, layout, fallback }: { initial: string; layout: LibraryLayout; fallback?: string }) {
  const [value, setValue] = useState(initial);
  return <TemplateField id="t" label="Template" value={value} onChange={setValue} layout={layout} fallback={fallback} />;
}

function render(locale: 'en' | 'ar', node: React.ReactNode) {
  const { host } = mount(<NextIntlClientProvider locale={locale} messages={locale === 'en' ? en : ar}>{node}</NextIntlClientProvider>);
  return {
    preview: () => host.querySelector('[data-testid="library-preview"]')?.textContent ?? null,
    error: () => host.querySelector('[data-testid="library-template-error"]')?.textContent ?? null,
    input: () => host.querySelector<HTMLInputElement>('[data-testid="library-template"]')!,
  };
}

/** Types into a React-controlled input. */
function type(input: HTMLInputElement, text: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  act(() => {
    setter.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

describe('the naming template field', () => {
  it('previews the sample upload\'s path as the template is typed, and names what is wrong', () => {
    const view = render('en', <Field initial="%(creator)s/%(title)s" layout="plain" />);
    expect(view.preview()).toBe('Jane Doe/My trip_ part 1_2.mp4');
    type(view.input(), '%(uploader)s');
    expect(view.preview()).toBeNull();
    expect(view.error()).toBe('There is no field named “uploader”.');
    expect(view.input().getAttribute('aria-invalid')).toBe('true');
    type(view.input(), '%(upload_date>%Y)s/%(id)s');
    expect(view.preview()).toBe('2026/dQw4w9WgXcQ.mp4');
  });

  it('previews the media-server files, and the fallback template while empty', () => {
    const view = render('en', <Field initial="" layout="media-server" fallback="%(title)s" />);
    expect(view.preview()).toContain('Jane Doe/tvshow.nfo');
    expect(view.preview()).toContain('Jane Doe/Season 2026/My trip_ part 1_2.mp4');
  });

  it('speaks the visitor\'s language', () => {
    const view = render('ar', <Field initial="%(title" layout="plain" />);
    expect(view.error()).toBe('حقل فُتح بـ «%(» ولم يُغلق بـ «)».');
  });
});
