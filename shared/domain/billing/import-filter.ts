/**
 * The project's slice of a billing export (issue 32 item 3): billing accounts or sub-accounts, tags (key = glob on
 * the value), providers and a date window. A line outside is counted under the first filter it fails and skipped
 * before it is written. Filters of one kind are alternatives (any account listed); kinds all apply.
 */
import { z } from 'zod';
import { globMatches } from '../budget/glob';
import { tagValue } from '../budget/tag-value';
import type { SpendLine } from './spend-line';

export const importFilterSchema = z.object({
  accounts: z.array(z.string().trim().min(1)).default([]),
  tags: z.array(z.object({ key: z.string().trim().min(1), pattern: z.string().trim().min(1) })).default([]),
  providers: z.array(z.string().trim().min(1)).default([]),
  /** First day kept (YYYY-MM-DD, UTC), inclusive. */
  from: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .nullable()
    .default(null),
  /** Last day kept (YYYY-MM-DD, UTC), inclusive. */
  to: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .nullable()
    .default(null),
});
export type ImportFilter = z.infer<typeof importFilterSchema>;

export const FILTER_KINDS = ['account', 'tag', 'provider', 'date'] as const;
export type FilterKind = (typeof FILTER_KINDS)[number];

export interface FilterCounts {
  read: number;
  kept: number;
  skipped: Record<FilterKind, number>;
  /** Parquet row groups skipped undecoded by their statistics, and their lines (counted in `read` and `skipped`). */
  rowGroupsSkipped?: { groups: number; rows: number };
}

export function emptyFilter(): ImportFilter {
  return { accounts: [], tags: [], providers: [], from: null, to: null };
}

export function isEmptyFilter(f: ImportFilter | null | undefined): boolean {
  return !f || (f.accounts.length === 0 && f.tags.length === 0 && f.providers.length === 0 && !f.from && !f.to);
}

/** A field error of a filter given as text (CLI flags, the form's fields): the field and what is expected. */
export class FilterInputError extends Error {
  constructor(
    readonly field: 'account' | 'tag' | 'provider' | 'from' | 'to',
    readonly value: string,
    message: string,
  ) {
    super(message);
  }
}

function validDay(day: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return false;
  const d = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === day;
}

/** The filter from its text fields (`KEY=VALUE` tags, YYYY-MM-DD dates); throws FilterInputError with the field. */
export function parseImportFilter(input: {
  accounts?: string[];
  tags?: string[];
  providers?: string[];
  from?: string;
  to?: string;
}): ImportFilter {
  const filter = emptyFilter();
  for (const a of input.accounts ?? []) {
    if (a.trim() === '') throw new FilterInputError('account', a, 'an account filter needs an account id (or a glob such as 1234*)');
    filter.accounts.push(a.trim());
  }
  for (const t of input.tags ?? []) {
    const eq = t.indexOf('=');
    if (eq <= 0 || t.slice(0, eq).trim() === '' || t.slice(eq + 1).trim() === '')
      throw new FilterInputError('tag', t, `a tag filter is KEY=VALUE (the value may be a glob such as team=vital*), not "${t}"`);
    filter.tags.push({ key: t.slice(0, eq).trim(), pattern: t.slice(eq + 1).trim() });
  }
  for (const p of input.providers ?? []) {
    if (p.trim() === '') throw new FilterInputError('provider', p, 'a provider filter needs a name (AWS, Microsoft, Google, Oracle …)');
    filter.providers.push(p.trim());
  }
  for (const field of ['from', 'to'] as const) {
    const day = input[field]?.trim();
    if (day === undefined || day === '') continue;
    if (!validDay(day)) throw new FilterInputError(field, day, `a date YYYY-MM-DD, not "${day}"`);
    filter[field] = day;
  }
  if (filter.from && filter.to && filter.to < filter.from)
    throw new FilterInputError('to', filter.to, `the window ends (${filter.to}) before it starts (${filter.from})`);
  return filter;
}

/**
 * The slice in one spelling, as JSON (null: the whole file): lists trimmed and sorted, globs in lower case (they match
 * regardless of case). Two filters that keep the same lines by the same rules give the same text.
 */
export function canonicalFilterJson(f: ImportFilter | null | undefined): string | null {
  if (!f || isEmptyFilter(f)) return null;
  const globs = (list: string[]) => [...new Set(list.map((s) => s.trim().toLowerCase()))].sort();
  const canonical: ImportFilter = {
    accounts: globs(f.accounts),
    tags: [...new Map(f.tags.map((t) => [`${t.key.trim()}=${t.pattern.trim().toLowerCase()}`, t])).keys()]
      .sort()
      .map((kv) => ({ key: kv.slice(0, kv.indexOf('=')), pattern: kv.slice(kv.indexOf('=') + 1) })),
    providers: globs(f.providers),
    from: f.from,
    to: f.to,
  };
  return JSON.stringify(canonical);
}

/** A stored slice (an import's or a source's `filter_json`) in its canonical spelling; null for the whole file. */
export function canonicalStoredFilter(json: string | null | undefined): string | null {
  return json ? canonicalFilterJson(importFilterSchema.parse(JSON.parse(json))) : null;
}

/** The first filter a line fails, or null when it is kept. */
export function filterRejects(filter: ImportFilter, line: SpendLine): FilterKind | null {
  if (
    filter.accounts.length > 0 &&
    !filter.accounts.some((a) => globMatches(a, line.billingAccountId) || globMatches(a, line.subAccountId))
  )
    return 'account';
  if (
    filter.tags.length > 0 &&
    !filter.tags.some((t) => {
      const v = tagValue(line.tags, t.key);
      return v !== undefined && globMatches(t.pattern, v);
    })
  )
    return 'tag';
  if (filter.providers.length > 0 && !filter.providers.some((p) => globMatches(p, line.provider))) return 'provider';
  if (filter.from || filter.to) {
    const day = line.chargePeriodStart.slice(0, 10);
    if ((filter.from && day < filter.from) || (filter.to && day > filter.to)) return 'date';
  }
  return null;
}

/** Applies a filter to batches of lines, counting what it reads, skips (per filter) and keeps. */
export class LineFilter {
  readonly counts: FilterCounts = { read: 0, kept: 0, skipped: { account: 0, tag: 0, provider: 0, date: 0 } };
  private readonly active: boolean;

  constructor(private readonly filter: ImportFilter | null | undefined) {
    this.active = !isEmptyFilter(filter);
  }

  /** The lines of the batch the filter keeps (the batch itself when there is no filter). */
  apply(lines: SpendLine[]): SpendLine[] {
    this.counts.read += lines.length;
    if (!this.active) {
      this.counts.kept += lines.length;
      return lines;
    }
    const kept: SpendLine[] = [];
    for (const l of lines) {
      const kind = filterRejects(this.filter!, l);
      if (kind) this.counts.skipped[kind] += 1;
      else kept.push(l);
    }
    this.counts.kept += kept.length;
    return kept;
  }

  /** Lines of Parquet row groups the reader skipped by their statistics, under the filter that excluded each. */
  addSkippedGroups(groups: { groups: number; rows: number; skipped: Record<FilterKind, number> }): void {
    if (groups.groups === 0) return;
    this.counts.read += groups.rows;
    for (const k of FILTER_KINDS) this.counts.skipped[k] += groups.skipped[k];
    const before = this.counts.rowGroupsSkipped ?? { groups: 0, rows: 0 };
    this.counts.rowGroupsSkipped = { groups: before.groups + groups.groups, rows: before.rows + groups.rows };
  }
}

/** `account 1234*, tag team=vital*, from 2024-09-01 to 2024-09-30` — the filter in words ('' for none). */
export function describeFilter(f: ImportFilter | null | undefined): string {
  if (!f || isEmptyFilter(f)) return '';
  const parts: string[] = [];
  if (f.accounts.length) parts.push(`account ${f.accounts.join(' or ')}`);
  if (f.tags.length) parts.push(`tag ${f.tags.map((t) => `${t.key}=${t.pattern}`).join(' or ')}`);
  if (f.providers.length) parts.push(`provider ${f.providers.join(' or ')}`);
  if (f.from || f.to) parts.push(`dates ${f.from ?? '…'} to ${f.to ?? '…'}`);
  return parts.join(', ');
}

/** The slice as the app's form holds it: each field a comma-separated list (tags `KEY=VALUE`), dates YYYY-MM-DD. */
export interface FilterFields {
  accounts: string;
  tags: string;
  providers: string;
  from: string;
  to: string;
}

export const emptyFilterFields = (): FilterFields => ({ accounts: '', tags: '', providers: '', from: '', to: '' });

/** The form's fields as a filter (null: none), or the field in error with what is expected. */
export function filterFromFields(
  fields: FilterFields,
): { ok: true; filter: ImportFilter | null } | { ok: false; field: FilterInputError['field']; message: string } {
  const list = (text: string) =>
    text
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== '');
  try {
    const filter = parseImportFilter({
      accounts: list(fields.accounts),
      tags: list(fields.tags),
      providers: list(fields.providers),
      from: fields.from,
      to: fields.to,
    });
    return { ok: true, filter: isEmptyFilter(filter) ? null : filter };
  } catch (error) {
    if (error instanceof FilterInputError) return { ok: false, field: error.field, message: error.message };
    throw error;
  }
}

/** `1,000 lines read · 233 kept · skipped: 58 by account, 709 by tag` — what a slice did to a file ('' when nothing was skipped). */
export function describeFilterCounts(c: FilterCounts, group: (n: number) => string = String): string {
  const skipped = FILTER_KINDS.filter((k) => c.skipped[k] > 0).map((k) => `${group(c.skipped[k])} by ${k}`);
  const undecoded = c.rowGroupsSkipped
    ? ` (${group(c.rowGroupsSkipped.rows)} of them in ${group(c.rowGroupsSkipped.groups)} Parquet row group(s) not decoded: their statistics exclude the slice)`
    : '';
  return `${group(c.read)} lines read · ${group(c.kept)} kept${skipped.length ? ` · skipped ${skipped.join(', ')}` : ''}${undecoded}`;
}
