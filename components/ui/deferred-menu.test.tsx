// @vitest-environment jsdom
import { act, forwardRef, type ButtonHTMLAttributes } from 'react';
import { renderToString } from 'react-dom/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mountAsync } from '@/test/mount';
import { deferMenu, type DeferredMenuProps } from './deferred-menu';


const StandIn = forwardRef<HTMLButtonElement, ButtonHTMLAttributes<HTMLButtonElement>>(function StandIn(props, ref) {
  return <button ref={ref} data-testid="menu-button" {...props} />;
});

/** The full menu as a test sees it: which way it was mounted. */
function FullMenu({ defaultOpen, focusTrigger }: DeferredMenuProps) {
  return <div data-testid="full-menu" data-open={String(!!defaultOpen)} data-focus={String(!!focusTrigger)} />;
}

let host: HTMLElement;
let load: ReturnType<typeof vi.fn<() => Promise<{ default: typeof FullMenu }>>>;

beforeEach(() => {
  load = vi.fn(async () => ({ default: FullMenu }));
});

const button = () => host.querySelector<HTMLButtonElement>('[data-testid=menu-button]');
const full = () => host.querySelector<HTMLElement>('[data-testid=full-menu]');

async function mount() {
  const Menu = deferMenu(load, StandIn);
  ({ host } = await mountAsync(<Menu />));
}

describe('deferMenu', () => {
  it('is disabled in the server’s HTML (a tap before hydration would do nothing) and enabled once hydrated', async () => {
    const Menu = deferMenu(load, StandIn);
    expect(renderToString(<Menu />)).toMatch(/<button[^>]*disabled=""/);
    await mount();
    expect(button()?.disabled).toBe(false);
  });

  it('renders only the stand-in button, named as a menu button, and fetches nothing', async () => {
    await mount();
    expect(button()?.getAttribute('aria-haspopup')).toBe('menu');
    expect(button()?.getAttribute('aria-expanded')).toBe('false');
    expect(full()).toBeNull();
    expect(load).not.toHaveBeenCalled();
  });

  it('fetches the menu when the pointer comes over the button, and mounts it closed', async () => {
    await mount();
    await act(async () => button()!.dispatchEvent(new PointerEvent('pointerover', { bubbles: true })));
    expect(load).toHaveBeenCalledTimes(1);
    expect(full()?.dataset.open).toBe('false');
  });

  it('opens the menu a key press asked for before its code arrived', async () => {
    await mount();
    await act(async () => button()!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true })));
    expect(full()?.dataset.open).toBe('true');
  });

  it('keeps the focus on the stand-in while the menu’s code is still on its way', async () => {
    load.mockReturnValue(new Promise(() => {}));
    await mount();
    await act(async () => button()!.focus());
    expect(load).toHaveBeenCalledTimes(1);
    expect(full()).toBeNull();
    expect(document.activeElement).toBe(button());
  });

  it('hands focus on to the real button when the stand-in had it', async () => {
    await mount();
    await act(async () => button()!.focus());
    expect(full()?.dataset.focus).toBe('true');
  });
});
