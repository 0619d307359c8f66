// Rasterises the app icons the web app manifest names from their SVG sources in public/ (ffmpeg's librsvg
// decoder, drawn at the target size, never scaled up from a small bitmap). Run after changing an icon's SVG:
// `node scripts/make-icons.mjs`; the PNGs are committed.
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const pub = path.join(import.meta.dirname, '..', 'public');
const icons = [
  { from: 'icon.svg', size: 192, to: 'icon-192.png' },
  { from: 'icon.svg', size: 512, to: 'icon-512.png' },
  // Full bleed, the glyph inside the central safe circle: launchers crop a maskable icon to their own shape.
  { from: 'icon-maskable.svg', size: 512, to: 'icon-maskable-512.png' },
  { from: 'icon.svg', size: 180, to: 'apple-touch-icon.png' },
];

for (const { from, size, to } of icons) {
  execFileSync('ffmpeg', [
    '-hide_banner', '-loglevel', 'error', '-y',
    '-width', String(size), '-height', String(size), '-f', 'svg_pipe', '-i', path.join(pub, from),
    '-frames:v', '1', '-pix_fmt', 'rgba', path.join(pub, to),
  ], { stdio: 'inherit' });
  console.log(`${to} ${size}×${size}`);
}
