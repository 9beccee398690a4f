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

export function globMatches(pattern: string, value: string | null | undefined): boolean {
  if (value === null || value === undefined || value === '') return false;
  return globToRegExp(pattern).test(value);
}
