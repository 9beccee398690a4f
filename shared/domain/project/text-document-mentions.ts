/**
 * What a plan document mentions beyond the structure text-plan.ts reads (issue 28 item 11): the GPUs and catalog
 * offerings it names (with the hourly prices on the same line), the budgets it states, and the lines with an amount
 * or a table the planner does not use — each with its line number, for the lead to see what was and was not read.
 * One pass over the lines; the patterns are anchored on short words and never backtrack over the line.
 */
import type { Line } from './text-plan-reading';
import type { TextPlanOffering } from './text-plan';

export interface DocumentMention {
  /** The catalog offering named (by its SKU), or null when only the GPU is named. */
  offeringId: string | null;
  gpuId: string | null;
  /** As the document writes it ("A100", "p3.2xlarge"). */
  label: string;
  /** The lines that name it (1-based), in order. */
  lines: number[];
  /** "$3.06/hour" on the first line that gives one, as written (dollars), else null. */
  usdPerHour: string | null;
}

export interface StatedBudget {
  line: number;
  /** The amount as written, in dollars ("500", "200-500"). */
  amount: string;
  /** "/month" when the document gives it per month, "" for a total. */
  per: string;
  text: string;
}

export interface UnreadLine {
  line: number;
  text: string;
  why: string;
}

const GPU_NAME = /\b(H100|H200|A100|A10G|A10|L40S|L4|T4|V100|P100|RTX\s?(?:A6000|A5000|6000 Ada|\d{4}(?:\s?Ti)?))\b/gi;
const HOURLY = /\$\s?(\d[\d,]*(?:\.\d+)?)(?:\s*-\s*\$?\d[\d,]*(?:\.\d+)?)?\s*\/\s*(?:hour|hr|h)\b/i;
const BUDGET = /\bbudget\b[^$\n]{0,40}\$\s?(\d[\d,]*(?:\.\d+)?(?:\s*-\s*\d[\d,]*(?:\.\d+)?)?)(\+?)\s*(\/\s*month)?/i;
const AMOUNT = /\$\s?\d/;

/** The catalog GPU a name in the text stands for ("A100" → the first a100-… GPU the offerings use). */
function gpuFor(name: string, offerings: TextPlanOffering[]): string | null {
  const key = name.toLowerCase().replace(/\s+/g, '');
  const prefix = key.replace(/^rtx(\d)/, 'rtx-$1').replace(/^rtxa/, 'rtx-a');
  const ids = [...new Set(offerings.map((o) => o.gpuId))].sort();
  return ids.find((g) => g.startsWith(`${prefix}-`)) ?? null;
}

/** Offerings whose SKU the line names as a word ("p3.2xlarge", "a10g-largex4", "NC6s v3"); plain GPU names excluded. */
function offeringsOn(text: string, skus: Array<{ sku: string; offering: TextPlanOffering }>): TextPlanOffering[] {
  const lower = text.toLowerCase();
  const found: TextPlanOffering[] = [];
  for (const { sku, offering } of skus) {
    const at = lower.indexOf(sku);
    if (at < 0) continue;
    const before = lower[at - 1];
    const after = lower[at + sku.length];
    if ((before && /[a-z0-9.-]/.test(before)) || (after && /[a-z0-9]/.test(after))) continue;
    found.push(offering);
  }
  return found;
}

/** "RTX 3090", "A100 40GB", "H100 SXM": a GPU's name written as a SKU (read as the GPU). */
function gpuNameFirst(sku: string): boolean {
  return /\s/.test(sku) && new RegExp(GPU_NAME.source, 'i').exec(sku)?.index === 0;
}

/** SKUs worth looking for: the ones with a digit and a separator, not a bare GPU name or a marketing label. */
function skuList(offerings: TextPlanOffering[]) {
  return offerings
    .map((o) => ({ sku: o.label.toLowerCase(), offering: o }))
    .filter(({ sku }) => /\d/.test(sku) && /[.\-\s]/.test(sku) && !/[—(×]/.test(sku) && sku.length >= 6 && !gpuNameFirst(sku))
    .sort((a, b) => b.sku.length - a.sku.length);
}

export function readMentions(lines: Line[], offerings: TextPlanOffering[]) {
  const skus = skuList(offerings);
  const mentions = new Map<string, DocumentMention>();
  const budgets: StatedBudget[] = [];
  const unread: UnreadLine[] = [];
  const note = (key: string, m: Omit<DocumentMention, 'lines' | 'usdPerHour'>, line: number, hourly: string | null) => {
    const seen = mentions.get(key) ?? { ...m, lines: [], usdPerHour: null };
    if (seen.lines.at(-1) !== line) seen.lines.push(line);
    seen.usdPerHour ??= hourly;
    mentions.set(key, seen);
  };
  let inTable = false;
  for (const line of lines) {
    const text = line.text;
    const hourly = HOURLY.exec(text)?.[1] ?? null;
    const named = offeringsOn(text, skus);
    for (const o of named) {
      // A SKU several providers use ("RTX 3090") names the GPU, not one offering.
      const shared = skus.filter((s) => s.sku === o.label.toLowerCase()).length > 1;
      if (named.some((x) => x !== o && x.label === o.label && x.id < o.id)) continue;
      note(`offering:${o.label.toLowerCase()}`, { offeringId: shared ? null : o.id, gpuId: o.gpuId, label: o.label }, line.n, hourly);
    }
    if (named.length === 0)
      for (const g of text.matchAll(GPU_NAME)) {
        const label = g[1]!.replace(/\s+/g, ' ').toUpperCase().replace('ADA', 'Ada');
        note(`gpu:${label}`, { offeringId: null, gpuId: gpuFor(label, offerings), label }, line.n, hourly);
      }
    const budget = BUDGET.exec(text);
    if (budget)
      budgets.push({
        line: line.n,
        amount: budget[1]!.replace(/,/g, '').replace(/\s+/g, ''),
        per: budget[3] ? '/month' : '',
        text: text.trim(),
      });
    const row = text.trim().startsWith('|');
    if (row && !inTable && !/^\|[\s|:-]+\|?$/.test(text.trim()))
      unread.push({ line: line.n, text: text.trim(), why: 'A table: only its GPU names, prices and budgets are read.' });
    inTable = row;
    if (!row && !budget && !hourly && AMOUNT.test(text) && named.length === 0)
      unread.push({ line: line.n, text: text.trim(), why: 'An amount that is not an hourly price or a budget: not used.' });
  }
  return { mentions: [...mentions.values()], budgets, unread };
}
