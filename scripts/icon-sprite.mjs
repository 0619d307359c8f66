// Builds the one SVG sprite every interface icon is drawn from (public/icons.svg) out of the lucide icons that
// components/ui/icons.tsx names, and writes the sprite's versioned URL next to it (components/ui/icon-sprite-url.ts).
// A page then carries `<svg><use href="/icons.svg?v=…#name"/></svg>` per icon instead of every path of every icon
// twice (once as markup, once in the payload React hydrates from). Run after adding or removing an icon there, or
// after upgrading lucide-react: `node scripts/icon-sprite.mjs`; both files are committed. `--check` only compares
// (the unit tests run it) and exits 1 when the committed files are stale.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.join(import.meta.dirname, '..');
const iconsModule = path.join(root, 'components/ui/icons.tsx');
const spriteFile = path.join(root, 'public/icons.svg');
const urlFile = path.join(root, 'components/ui/icon-sprite-url.ts');

const escapeAttr = (value) => String(value).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The icon names (lucide's file names) the icons module asks for, in its order. */
export function spriteNames(source = readFileSync(iconsModule, 'utf8')) {
  return [...new Set([...source.matchAll(/spriteIcon\('([a-z0-9-]+)'\)/g)].map((m) => m[1]))];
}

/** The sprite's text and the URL that names this exact text. */
export async function buildSprite(names = spriteNames()) {
  const symbols = [];
  for (const name of names) {
    const { __iconData } = await import(`lucide-react/icons/${name}`);
    if (!__iconData?.node) throw new Error(`lucide-react has no icon "${name}"`);
    const children = __iconData.node
      .map(([tag, attrs]) => `<${tag} ${Object.entries(attrs).filter(([k]) => k !== 'key').map(([k, v]) => `${k}="${escapeAttr(v)}"`).join(' ')}/>`)
      .join('');
    symbols.push(`<symbol id="${name}" viewBox="0 0 24 24">${children}</symbol>`);
  }
  // Stroke, caps and joins are the outer <svg>'s (the `icon` class), inherited into every <use>.
  const sprite = `<svg xmlns="http://www.w3.org/2000/svg">\n${symbols.join('\n')}\n</svg>\n`;
  const version = createHash('sha256').update(sprite).digest('hex').slice(0, 10);
  const url = `// Written by scripts/icon-sprite.mjs: the sprite's address, versioned by its content so it can be cached for good.\nexport const ICON_SPRITE_URL = '/icons.svg?v=${version}';\n`;
  return { sprite, url };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { sprite, url } = await buildSprite();
  if (process.argv.includes('--check')) {
    const stale = [[spriteFile, sprite], [urlFile, url]].filter(([file, text]) => {
      try { return readFileSync(file, 'utf8') !== text; } catch { return true; }
    });
    if (stale.length) {
      console.error(`stale: ${stale.map(([file]) => path.relative(root, file)).join(', ')} — run node scripts/icon-sprite.mjs`);
      process.exit(1);
    }
  } else {
    writeFileSync(spriteFile, sprite);
    writeFileSync(urlFile, url);
    console.log(`${path.relative(root, spriteFile)}: ${spriteNames().length} icons, ${sprite.length} bytes`);
  }
}
