// @vitest-environment jsdom
import { NextIntlClientProvider } from 'next-intl';
import { describe, expect, it } from 'vitest';
import { mount } from '@/test/mount';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from './dropdown-menu';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from './select';

// jsdom lacks what Radix's popper and select measure with.
globalThis.ResizeObserver ??= class { observe() {} unobserve() {} disconnect() {} } as unknown as typeof ResizeObserver;
Element.prototype.scrollIntoView ??= () => {};
Element.prototype.hasPointerCapture ??= () => false;

function openSelect(locale: 'en' | 'ar' | 'ar-EG') {
  mount(
    <NextIntlClientProvider locale={locale} messages={{}}>
      <Select defaultOpen defaultValue="a">
        <SelectTrigger data-testid="trigger">
          <SelectValue />
        </SelectTrigger>
        <SelectContent data-testid="content">
          <SelectItem value="a">A</SelectItem>
          <SelectItem value="b">B</SelectItem>
        </SelectContent>
      </Select>
    </NextIntlClientProvider>,
  );
}

function openMenu(locale: 'en' | 'ar') {
  mount(
    <NextIntlClientProvider locale={locale} messages={{}}>
      <DropdownMenu defaultOpen modal={false}>
        <DropdownMenuTrigger>Menu</DropdownMenuTrigger>
        <DropdownMenuContent data-testid="menu">
          <DropdownMenuItem>One</DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </NextIntlClientProvider>,
  );
}

const dirOf = (id: string) => document.querySelector(`[data-testid=${id}]`)?.getAttribute('dir');

describe('Radix primitives take the page’s direction', () => {
  it('a select’s trigger and open list are right to left in Arabic', () => {
    openSelect('ar');
    expect(dirOf('trigger')).toBe('rtl');
    expect(dirOf('content')).toBe('rtl');
  });

  it('in Egyptian Arabic too', () => {
    openSelect('ar-EG');
    expect(dirOf('content')).toBe('rtl');
  });

  it('in English the list reads left to right', () => {
    openSelect('en');
    expect(dirOf('content')).toBe('ltr');
  });

  it('a dropdown menu is right to left in Arabic', () => {
    openMenu('ar');
    expect(dirOf('menu')).toBe('rtl');
  });
});
