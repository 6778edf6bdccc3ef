/**
 * Hands `blob` to the browser as a download named `filename`, as a link with `download` does: for a
 * file made or fetched by the page (recovery codes, the data export) rather than one a link can name.
 */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement('a'), { href: url, download: filename });
  link.click();
  // Once the download has started with it.
  setTimeout(() => URL.revokeObjectURL(url));
}
