/**
 * Tag columns of billing exports: JSON objects (FOCUS, Azure), the brace-less JSON of Azure EA, and key/value lists
 * (GCP labels, in JSON or Python repr).
 */
import { isNullValue, ownCopy, stripBom, type ParseResult } from './values';

function stringify(value: unknown): string {
  return typeof value === 'string' ? value : value === null || value === undefined ? '' : JSON.stringify(value);
}

function keyValueList(list: unknown[]): Record<string, string> | null {
  const out: Record<string, string> = {};
  for (const item of list) {
    if (typeof item !== 'object' || item === null || !('key' in item)) return null;
    out[String((item as { key: unknown }).key).trim()] = stringify((item as { value?: unknown }).value);
  }
  return out;
}

const PY_STRING = String.raw`'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)"`;
const PY_PAIR = new RegExp(
  String.raw`\{\s*(?:'key'|"key")\s*:\s*(?:${PY_STRING})\s*,\s*(?:'value'|"value")\s*:\s*(?:${PY_STRING}|None|null)\s*\}`,
  'g',
);

/**
 * Parses a tags column: a JSON object (FOCUS, Azure), the brace-less JSON of Azure EA (`"k": "v","k2": "v2"`), or a
 * key/value list (`[{"key": "env", "value": "dev"}]`, GCP's Python repr `[{'key': 'env', 'value': 'dev'}]`). Keys are
 * trimmed (`" org"` → `org`); values become strings.
 */
const tagCache = new Map<string, ParseResult<Record<string, string>>>();

/** Parsed tags are shared between lines with the same raw text: treat them as read-only. */
export function parseTags(raw: string | null | undefined): ParseResult<Record<string, string>> {
  if (raw === null || raw === undefined) return { ok: true, value: {} };
  const cached = tagCache.get(raw);
  if (cached) return cached;
  const result = parseTagsUncached(raw);
  if (tagCache.size >= 5_000) tagCache.clear();
  tagCache.set(ownCopy(raw), result);
  if (result.ok) tagJson.set(result.value, JSON.stringify(result.value));
  return result;
}

/** The JSON text of parsed tags, written once per distinct tags text (see parseTags). */
const tagJson = new WeakMap<Record<string, string>, string>();

/** `JSON.stringify(tags)`, from a cache for tags that parseTags returned. */
export function tagsToJson(tags: Record<string, string>): string {
  return tagJson.get(tags) ?? JSON.stringify(tags);
}

/** Tags from their JSON text (tagsToJson's), remembering the text for tagsToJson: treat them as read-only. */
export function tagsFromJson(json: string): Record<string, string> {
  const tags = JSON.parse(json) as Record<string, string>;
  tagJson.set(tags, json);
  return tags;
}

function parseTagsUncached(raw: string | null | undefined): ParseResult<Record<string, string>> {
  const expected = 'tags as JSON ({"key": "value"}), brace-less JSON or a [{key, value}] list';
  if (isNullValue(raw)) return { ok: true, value: {} };
  const t = stripBom(raw!).trim();
  if (t === '{}' || t === '[]') return { ok: true, value: {} };
  const candidates = t.startsWith('{') || t.startsWith('[') ? [t] : [`{${t}}`];
  for (const text of candidates) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (Array.isArray(parsed)) {
        const list = keyValueList(parsed);
        if (list) return { ok: true, value: list };
      } else if (typeof parsed === 'object' && parsed !== null) {
        return { ok: true, value: Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k.trim(), stringify(v)])) };
      }
    } catch {
      // fall through to the Python-repr reading
    }
  }
  if (t.startsWith('[')) {
    const out: Record<string, string> = {};
    let matched = 0;
    for (const m of t.matchAll(PY_PAIR)) {
      matched += 1;
      const key = (m[1] ?? m[2] ?? '').replace(/\\(.)/g, '$1').trim();
      out[key] = (m[3] ?? m[4] ?? '').replace(/\\(.)/g, '$1');
    }
    if (matched > 0) return { ok: true, value: out };
  }
  return { ok: false, expected };
}
