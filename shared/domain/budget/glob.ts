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

/**
 * Whether `value` matches the glob (`*` any text, `?` one character, case-insensitive), in time linear in
 * pattern × value: the classic wildcard walk that only ever returns to the last `*` (a RegExp of `.*a.*a.*b`
 * backtracks exponentially: `*a*a*a*a*a*a*b` against a 40-character id took seconds to minutes).
 */
export function globMatches(pattern: string, value: string | null | undefined): boolean {
  if (value === null || value === undefined || value === '') return false;
  const p = [...pattern.trim().toLowerCase()];
  const v = [...value.toLowerCase()];
  let i = 0;
  let j = 0;
  let star = -1;
  let resume = 0;
  while (j < v.length) {
    if (i < p.length && (p[i] === '?' || (p[i] !== '*' && p[i] === v[j]))) {
      i += 1;
      j += 1;
    } else if (i < p.length && p[i] === '*') {
      star = i;
      resume = j;
      i += 1;
    } else if (star >= 0) {
      i = star + 1;
      resume += 1;
      j = resume;
    } else return false;
  }
  while (i < p.length && p[i] === '*') i += 1;
  return i === p.length;
}
