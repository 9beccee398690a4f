/**
 * The one Content-Security-Policy is the <meta> of renderer/index.html: the renderer is loaded from file://, whose
 * responses carry no HTTP headers (session.webRequest never sees them), so a header policy would be a second, dead
 * copy. The e2e harness and the browser mode serve the same index.html with the same meta.
 */

/** The policy renderer/index.html states in its <meta http-equiv="Content-Security-Policy"> (browser mode sends it as a header too). */
export function contentSecurityPolicyOf(indexHtml: string): string | null {
  const meta = /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]*)"/i.exec(indexHtml);
  return meta ? meta[1]! : null;
}

/** What browser mode sends when an index.html states no policy: as strict as the app's. */
export const FALLBACK_CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'";
