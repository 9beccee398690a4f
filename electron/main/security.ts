import type { BrowserWindow, Session, WebContents } from 'electron';

/** No remote origins, no eval; styles inline allowed for chart libraries' computed styles. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

export function applyContentSecurityPolicy(session: Session): void {
  session.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] } });
  });
  // No permission (camera, notifications from web, geolocation …) is ever granted to page content.
  session.setPermissionRequestHandler((_webContents, _permission, callback) => callback(false));
}

/** Navigation away from the bundled renderer and window.open are denied. */
export function lockDownNavigation(contents: WebContents, isAppUrl: (url: string) => boolean): void {
  contents.on('will-navigate', (event, url) => {
    if (!isAppUrl(url)) event.preventDefault();
  });
  contents.on('will-redirect', (event, url) => {
    if (!isAppUrl(url)) event.preventDefault();
  });
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

export function isTrustedSender(window: BrowserWindow | null, senderUrl: string | undefined, isAppUrl: (url: string) => boolean): boolean {
  return window !== null && !window.isDestroyed() && senderUrl !== undefined && isAppUrl(senderUrl);
}
