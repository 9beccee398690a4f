/** Case-insensitive glob (`*` any run, `?` one character) as used by allocation rules. */
const cache = new Map<string, RegExp>();

export function globToRegExp(pattern: string): RegExp {
  const hit = cache.get(pattern);
  if (hit) return hit;
  let source = '';
  for (const ch of pattern.trim()) {
    if (ch === '*') source += '.*';
    else if (ch === '?') source += '.';
    else source += ch.replace(/[.+^${}()|[\]\\/-]/g, '\\$&');
  }
  const re = new RegExp(`^${source}$`, 'is');
  if (cache.size > 500) cache.clear();
  cache.set(pattern, re);
  return re;
}

const lowered = new Map<string, string>();

/** The pattern as matched: trimmed, lower case, runs of `*` as one. */
function normalizedPattern(pattern: string): string {
  let p = lowered.get(pattern);
  if (p === undefined) {
    p = pattern.trim().toLowerCase().replace(/\*+/g, '*');
    if (lowered.size > 500) lowered.clear();
    lowered.set(pattern, p);
  }
  return p;
}

/**
 * Wildcard match without backtracking blow-up (issue 11): one pass over the text that returns only to just after the
 * last `*`, so `*a*a*a*a*a*a*b` against a 40-character id takes a few hundred steps, not seconds. A regular
 * expression with `.*` runs is exponential-ish there.
 */
export function globMatches(pattern: string, value: string | null | undefined): boolean {
  if (value === null || value === undefined || value === '') return false;
  const p = normalizedPattern(pattern);
  const t = value.toLowerCase();
  let pi = 0;
  let ti = 0;
  let star = -1;
  let resume = 0;
  while (ti < t.length) {
    if (pi < p.length && (p[pi] === '?' || (p[pi] !== '*' && p[pi] === t[ti]))) {
      pi += 1;
      ti += 1;
    } else if (pi < p.length && p[pi] === '*') {
      star = pi;
      resume = ti;
      pi += 1;
    } else if (star >= 0) {
      pi = star + 1;
      resume += 1;
      ti = resume;
    } else return false;
  }
  while (pi < p.length && p[pi] === '*') pi += 1;
  return pi === p.length;
}
