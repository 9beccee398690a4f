import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Session, WebContents } from 'electron';

/**
 * True when `url` is the app's own page: a file: URL (any percent-encoding Chromium chose: spaces, UTF-8 letters, '#',
 * '%') whose path is exactly the bundled renderer's index.html. Parsed, never a string prefix: a sibling folder such
 * as dist/renderer-foo or another file beside index.html is not the app.
 */
export function createAppUrlCheck(rendererIndex: string): (url: string) => boolean {
  const expected = normalizeForCompare(path.resolve(rendererIndex));
  return (url) => {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return false;
    }
    if (parsed.protocol !== 'file:' || parsed.host !== '' || parsed.search !== '') return false;
    let file: string;
    try {
      file = fileURLToPath(parsed);
    } catch {
      return false;
    }
    return normalizeForCompare(path.resolve(file)) === expected;
  };
}

/** Windows and macOS file systems ignore case (Chromium upper-cases the drive letter). */
function normalizeForCompare(file: string): string {
  return process.platform === 'win32' || process.platform === 'darwin' ? file.toLowerCase() : file;
}

export interface IpcSenderEvent {
  sender: WebContents;
  senderFrame: { url: string } | null;
}

/** An IPC request is served only from one of the app's own windows showing the app's own page. */
export function isTrustedSender(event: IpcSenderEvent, ownContents: ReadonlySet<WebContents>, isAppUrl: (url: string) => boolean): boolean {
  if (!ownContents.has(event.sender) || event.sender.isDestroyed()) return false;
  const url = event.senderFrame?.url;
  return url !== undefined && isAppUrl(url);
}

/** Page content is granted no permission (camera, notifications from web, geolocation …): requests and checks alike. */
export function denyPermissions(session: Session): void {
  session.setPermissionRequestHandler((_webContents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
}

/**
 * Every web contents (the main window, the hidden PDF window, any other) may navigate only to the app's page, opens
 * no window and attaches no webview. Electron 39 passes the target in `details.url`.
 */
export function lockDownNavigation(contents: WebContents, isAppUrl: (url: string) => boolean): void {
  const guard = (details: { url: string; preventDefault(): void }) => {
    if (!isAppUrl(details.url)) details.preventDefault();
  };
  contents.on('will-frame-navigate', guard);
  contents.on('will-navigate', guard);
  contents.on('will-redirect', guard);
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  contents.on('will-attach-webview', (event) => event.preventDefault());
}
