/**
 * Who may talk to the browser-mode server: pure checks on a request's headers, each one a defence the desktop app
 * gets from Electron for free. The server is bound to 127.0.0.1, but any web page the user opens can still send
 * requests to it; these checks refuse them.
 *  - Host: a DNS-rebinding page reaches 127.0.0.1 under its own name (`evil.example:PORT`): only our names pass.
 *  - Origin / Sec-Fetch-Site: a request made by another site (form post, fetch, image) is refused.
 *  - Token: a random per-start secret, given in the URL `npm start` prints after its `#` (a fragment: browsers never
 *    send it to any server), kept by the page in sessionStorage and sent in the X-GPU-Planner-Token header of every
 *    API call. Never a cookie: cookies ignore ports, so any other server on 127.0.0.1 the user visited would receive
 *    it; a custom header only the app's own page can set (another origin's would need a CORS preflight we refuse).
 *    The app's static files (the built renderer, no data) are served without it; every /api/ request needs it.
 */
import { timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

export interface GuardConfig {
  port: number;
  token: string;
}

export type Verdict = { ok: true } | { ok: false; status: 401 | 403; reason: string };

const OK: Verdict = { ok: true };

/** The header the page sends its token in (lower case, as Node presents headers). */
export const TOKEN_HEADER = 'x-gpu-planner-token';

export function allowedHosts(port: number): string[] {
  return [`127.0.0.1:${port}`, `localhost:${port}`];
}

export function allowedOrigins(port: number): string[] {
  return allowedHosts(port).map((host) => `http://${host}`);
}

export function sameSecret(given: string | undefined | null, expected: string): boolean {
  if (typeof given !== 'string' || given.length !== expected.length) return false;
  return timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** Host and origin: every request, authenticated or not. */
export function checkSite(headers: IncomingHttpHeaders, method: string, config: GuardConfig): Verdict {
  const host = first(headers.host)?.toLowerCase();
  if (!host || !allowedHosts(config.port).includes(host)) {
    return { ok: false, status: 403, reason: `Host "${host ?? ''}" refused: open the app at http://127.0.0.1:${config.port}/` };
  }
  const origin = first(headers.origin);
  if (origin !== undefined && !allowedOrigins(config.port).includes(origin.toLowerCase())) {
    return { ok: false, status: 403, reason: `Origin "${origin}" refused: requests from other sites are not served.` };
  }
  const site = first(headers['sec-fetch-site']);
  if (site !== undefined && site !== 'same-origin' && site !== 'none') {
    return { ok: false, status: 403, reason: `A ${site} request refused: requests from other sites are not served.` };
  }
  // A browser always sends Origin with a POST; one without it did not come from our page.
  if (method !== 'GET' && method !== 'HEAD' && origin === undefined) {
    return { ok: false, status: 403, reason: 'A request that changes something must carry the page’s Origin.' };
  }
  return OK;
}

/** The per-start token, from the page's X-GPU-Planner-Token header (a cookie, if any, is ignored). */
export function checkToken(headers: IncomingHttpHeaders, config: GuardConfig): Verdict {
  if (!sameSecret(first(headers[TOKEN_HEADER]), config.token)) {
    return { ok: false, status: 401, reason: 'Missing or wrong token: open the URL `npm start` (or `gpu-planner serve`) printed.' };
  }
  return OK;
}
