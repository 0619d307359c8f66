import { readFileSync } from 'node:fs';
import path from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain ESM script without type declarations
import { buildSprite, spriteNames } from '@/scripts/icon-sprite.mjs';
import { ICON_SPRITE_URL } from './icon-sprite-url';
import { ArrowRight, Loader2 } from './icons';

const root = path.join(import.meta.dirname, '..', '..');

describe('icon sprite', () => {
  it('the committed sprite and its URL are what the icons module asks for (else: node scripts/icon-sprite.mjs)', async () => {
    const { sprite, url } = await buildSprite();
    expect(readFileSync(path.join(root, 'public/icons.svg'), 'utf8')).toBe(sprite);
    expect(readFileSync(path.join(root, 'components/ui/icon-sprite-url.ts'), 'utf8')).toBe(url);
    const symbols = [...sprite.matchAll(/<symbol id="([^"]+)"/g)].map((m) => m[1]);
    expect(symbols).toEqual(spriteNames());
    expect(symbols).toContain('arrow-right');
    // Every symbol has something to draw.
    expect(sprite).not.toMatch(/viewBox="0 0 24 24"><\/symbol>/);
  });

  it('an icon is a short reference to its symbol, hidden from assistive technology unless named', () => {
    const html = renderToStaticMarkup(<ArrowRight className="h-4 w-4" />);
    expect(html).toBe(`<svg class="icon h-4 w-4" aria-hidden="true"><use href="${ICON_SPRITE_URL}#arrow-right"></use></svg>`);
    expect(ICON_SPRITE_URL).toMatch(/^\/icons\.svg\?v=[0-9a-f]{10}$/);
    const named = renderToStaticMarkup(<Loader2 aria-label="Loading" role="img" />);
    expect(named).not.toContain('aria-hidden');
    expect(named).toContain('#loader-circle"');
    expect(renderToStaticMarkup(<ArrowRight aria-hidden={false} />)).toContain('aria-hidden="false"');
  });
});
