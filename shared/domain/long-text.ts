/**
 * The first text (a string value, or an object key) longer than `max` in a nested value, with where it is: a bound every
 * request and every imported file is held to before any schema reads it. Depth-bounded (64 levels).
 */
export interface LongText {
  /** Where: the keys and indices down to the string, or to the object holding the long key. */
  path: Array<string | number>;
  length: number;
  /** The long text is a key of the object at `path`, not a value. */
  key: boolean;
}

export function findLongText(value: unknown, max: number, path: Array<string | number> = [], depth = 0): LongText | null {
  if (typeof value === 'string') return value.length > max ? { path, length: value.length, key: false } : null;
  if (value === null || typeof value !== 'object' || depth > 64) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const hit = findLongText(value[i], max, [...path, i], depth + 1);
      if (hit) return hit;
    }
    return null;
  }
  for (const [k, v] of Object.entries(value)) {
    if (k.length > max) return { path, length: k.length, key: true };
    const hit = findLongText(v, max, [...path, k], depth + 1);
    if (hit) return hit;
  }
  return null;
}

/** Where a nested value first passes `maxDepth` levels (the root is level 1), or null. Recursion stops at the limit. */
export function findDeepNesting(
  value: unknown,
  maxDepth: number,
  path: Array<string | number> = [],
  depth = 1,
): Array<string | number> | null {
  if (value === null || typeof value !== 'object') return null;
  if (depth > maxDepth) return path;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const hit = findDeepNesting(value[i], maxDepth, [...path, i], depth + 1);
      if (hit) return hit;
    }
    return null;
  }
  for (const [k, v] of Object.entries(value)) {
    const hit = findDeepNesting(v, maxDepth, [...path, k], depth + 1);
    if (hit) return hit;
  }
  return null;
}

/** The first string value (or key: `key` true) holding a NUL character (U+0000), which SQLite's text functions cut at. */
export function findNulText(
  value: unknown,
  path: Array<string | number> = [],
  depth = 0,
): { path: Array<string | number>; key: boolean } | null {
  if (typeof value === 'string') return value.includes('\u0000') ? { path, key: false } : null;
  if (value === null || typeof value !== 'object' || depth > 64) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const hit = findNulText(value[i], [...path, i], depth + 1);
      if (hit) return hit;
    }
    return null;
  }
  for (const [k, v] of Object.entries(value)) {
    if (k.includes('\u0000')) return { path: [...path, k], key: true };
    const hit = findNulText(v, [...path, k], depth + 1);
    if (hit) return hit;
  }
  return null;
}
