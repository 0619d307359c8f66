/**
 * The bookmarklet's code: on whatever page it is clicked, it opens `downloadPage` (our /download, absolute) with
 * that page's address as `?url=`, in a new tab, or in the same tab when the browser refuses a new one. It runs on
 * the other site, so our own Content-Security-Policy never applies to it; the new tab cannot reach back into that
 * page (`opener` cut). No `%` in it: a browser percent-decodes a `javascript:` URL before running it.
 */
export function bookmarkletCode(downloadPage: string): string {
  const target = new URL(downloadPage);
  target.search = '';
  target.hash = '';
  const base = JSON.stringify(`${target.href}?url=`).replaceAll('%', '\\x25');
  return `javascript:(()=>{const u=${base}+encodeURIComponent(location.href);const w=window.open(u,'_blank');if(w){w.opener=null}else{location.href=u}})()`;
}
