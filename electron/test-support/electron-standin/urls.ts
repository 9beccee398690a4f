import { pathToFileURL } from 'node:url';

/**
 * The URL Chromium reports for a file it loaded (senderFrame.url, webContents.getURL()): canonical, percent-encoded
 * (space → %20, UTF-8 bytes of non-ASCII letters, '#' → %23, '%' → %25, ';' → %3B as FilePathToFileURL escapes it),
 * upper-case drive letter on Windows.
 */
export function chromiumFileUrl(file: string, hash = ''): string {
  let href = pathToFileURL(file).href.replace(/;/g, '%3B');
  href = href.replace(/^file:\/\/\/([a-z]):/, (_, drive: string) => `file:///${drive.toUpperCase()}:`);
  const fragment = hash === '' ? '' : `#${hash.replace(/^#/, '')}`;
  return href + fragment;
}
