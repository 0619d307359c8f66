/** Generated artwork for sample data: SVG data URIs, so the fallback page needs no network at all. */

const svgUri = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words;
  return letters.map((word) => Array.from(word)[0]?.toUpperCase() ?? '').join('') || '?';
}

export function avatarArt(name: string, hue: number): string {
  return svgUri(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 128 128"><rect width="128" height="128" fill="hsl(${hue} 65% 45%)"/>` +
      `<text x="64" y="64" dy=".35em" text-anchor="middle" font-family="system-ui,sans-serif" font-size="52" font-weight="700" fill="#fff">${escapeXml(initials(name))}</text></svg>`,
  );
}

export function thumbnailArt(label: string, hue: number): string {
  return svgUri(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 180"><defs><linearGradient id="g" x2="1" y2="1">` +
      `<stop offset="0" stop-color="hsl(${hue} 70% 55%)"/><stop offset="1" stop-color="hsl(${(hue + 60) % 360} 70% 35%)"/></linearGradient></defs>` +
      `<rect width="320" height="180" fill="url(#g)"/><circle cx="160" cy="90" r="28" fill="rgba(255,255,255,.85)"/>` +
      `<path d="M152 76v28l22-14z" fill="hsl(${hue} 60% 35%)"/>` +
      `<text x="16" y="164" font-family="system-ui,sans-serif" font-size="16" fill="#fff">${escapeXml(label)}</text></svg>`,
  );
}
