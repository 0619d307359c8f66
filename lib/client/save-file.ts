/**
 * The browser saves a file through a generated link; the download attribute names it, and an empty
 * name leaves the choice to the answer's Content-Disposition.
 */
export function saveFile(href: string, filename: string): void {
  const link = document.createElement('a');
  link.href = href;
  link.download = filename;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
}
