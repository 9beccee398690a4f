/**
 * A batch of spend lines as the import reader child sends it to the parent (issue 26 item 15): columns of references
 * into one table of the batch's distinct values, instead of one object per line. Node's structured clone writes every
 * object's property names and every repeated string again (a batch was larger than the file's own bytes); cloning it
 * and rebuilding it cost more CPU than reading the file. Here a value that repeats (a service, a date, an account, a
 * line's tags) crosses once per batch, the references cross as one typed array, and the parent's lines share the
 * strings and tags objects (parsed tags are read-only already: parseTags shares them).
 */
import { tagsFromJson, tagsToJson } from '../../../../shared/domain/billing/billing-tags';
import type { SpendLine } from '../../../../shared/domain/billing/spend-line';

/** The fields a reader's line holds besides `sourceLine` and `tags`, in the order of the references. */
const FIELDS = [
  'chargePeriodStart',
  'chargePeriodEnd',
  'billingPeriodStart',
  'billingPeriodEnd',
  'billedCost',
  'effectiveCost',
  'currency',
  'provider',
  'service',
  'sku',
  'resourceId',
  'resourceName',
  'billingAccountId',
  'subAccountId',
  'region',
  'chargeCategory',
  'pricingCategory',
  'instanceType',
  'usageQuantity',
  'usageUnit',
  'gpuCount',
  'invoiceOpen',
] as const satisfies ReadonlyArray<keyof SpendLine>;

/** Every field a SpendLine may hold: a line with another one cannot be encoded (the decoder would drop it). */
const KNOWN = new Set<string>([...FIELDS, 'sourceLine', 'tags']);

/** References per line: the fields, then the tags. */
const STRIDE = FIELDS.length + 1;

export interface EncodedSpendLines {
  count: number;
  /** Each line's source line number. */
  sourceLines: Float64Array;
  /** The batch's distinct field values (strings, numbers, booleans, null, undefined) and tags (as JSON text). */
  values: unknown[];
  /** Per line, STRIDE indexes into `values`: the FIELDS in order, then the tags' JSON text. */
  refs: Uint32Array;
}

/**
 * Distinct values a column may look up per batch before it stops: a column of (nearly) unique values (an amount, a
 * resource id, an hour) sends each value as it comes instead of hashing every one into the table for nothing.
 */
const LOOKUP_CAP = 64;

/** The batch's lines as columns of references to their distinct values. */
export function encodeSpendLines(lines: readonly SpendLine[]): EncodedSpendLines {
  const values: unknown[] = [];
  const tagIndex = new Map<Record<string, string>, number>();
  const refs = new Uint32Array(lines.length * STRIDE);
  const sourceLines = new Float64Array(lines.length);
  // One table per column (small, so cheap to look up); a column whose table fills up sends its values as they come.
  const tables: Array<Map<unknown, number> | null> = FIELDS.map(() => new Map());
  const ref = (f: number, value: unknown): number => {
    const table = tables[f]!;
    if (table === null) return values.push(value) - 1;
    let i = table.get(value);
    if (i === undefined) {
      i = values.push(value) - 1;
      if (table.size < LOOKUP_CAP) table.set(value, i);
      else tables[f] = null;
    }
    return i;
  };
  // Many columns hold one value for most of a file (currency, provider, period, region): the previous line's value
  // is compared first, before the table is looked up. (Named property reads: a read by a computed key is slower.)
  const last: unknown[] = FIELDS.map(() => NaN);
  const lastRef = new Uint32Array(FIELDS.length);
  const column = (f: number, value: unknown): number => {
    if (value !== last[f]) {
      last[f] = value;
      lastRef[f] = ref(f, value);
    }
    return lastRef[f]!;
  };
  let at = 0;
  for (let n = 0; n < lines.length; n += 1) {
    const line = lines[n]!;
    sourceLines[n] = line.sourceLine;
    refs[at++] = column(0, line.chargePeriodStart);
    refs[at++] = column(1, line.chargePeriodEnd);
    refs[at++] = column(2, line.billingPeriodStart);
    refs[at++] = column(3, line.billingPeriodEnd);
    refs[at++] = column(4, line.billedCost);
    // The effective cost is most often the billed cost: its reference, without a lookup.
    refs[at] = line.effectiveCost === line.billedCost ? refs[at - 1]! : column(5, line.effectiveCost);
    at += 1;
    refs[at++] = column(6, line.currency);
    refs[at++] = column(7, line.provider);
    refs[at++] = column(8, line.service);
    refs[at++] = column(9, line.sku);
    refs[at++] = column(10, line.resourceId);
    refs[at++] = column(11, line.resourceName);
    refs[at++] = column(12, line.billingAccountId);
    refs[at++] = column(13, line.subAccountId);
    refs[at++] = column(14, line.region);
    refs[at++] = column(15, line.chargeCategory);
    refs[at++] = column(16, line.pricingCategory);
    refs[at++] = column(17, line.instanceType);
    refs[at++] = column(18, line.usageQuantity);
    refs[at++] = column(19, line.usageUnit);
    refs[at++] = column(20, line.gpuCount);
    refs[at++] = column(21, line.invoiceOpen);
    let t = tagIndex.get(line.tags);
    if (t === undefined) {
      t = values.push(tagsToJson(line.tags)) - 1;
      tagIndex.set(line.tags, t);
    }
    refs[at++] = t;
  }
  if (lines.length > 0 && Object.keys(lines[0]!).some((key) => !KNOWN.has(key))) {
    throw new Error(`A spend line has a field the import's batches do not carry: ${Object.keys(lines[0]!).join(', ')}`);
  }
  return { count: lines.length, sourceLines, values, refs };
}

/** The lines of an encoded batch (each distinct tags text parsed once; lines with the same tags share the object). */
export function decodeSpendLines(batch: EncodedSpendLines): SpendLine[] {
  const { values, refs, sourceLines } = batch;
  const tags = new Map<number, Record<string, string>>();
  const tagsAt = (i: number): Record<string, string> => {
    let t = tags.get(i);
    if (t === undefined) tags.set(i, (t = tagsFromJson(values[i] as string)));
    return t;
  };
  const lines = new Array<SpendLine>(batch.count);
  for (let n = 0, at = 0; n < batch.count; n += 1, at += STRIDE) {
    lines[n] = {
      sourceLine: sourceLines[n]!,
      chargePeriodStart: values[refs[at]!] as string,
      chargePeriodEnd: values[refs[at + 1]!] as string | null,
      billingPeriodStart: values[refs[at + 2]!] as string | null,
      billingPeriodEnd: values[refs[at + 3]!] as string | null,
      billedCost: values[refs[at + 4]!] as string,
      effectiveCost: values[refs[at + 5]!] as string | null,
      currency: values[refs[at + 6]!] as string,
      provider: values[refs[at + 7]!] as string | null,
      service: values[refs[at + 8]!] as string | null,
      sku: values[refs[at + 9]!] as string | null,
      resourceId: values[refs[at + 10]!] as string | null,
      resourceName: values[refs[at + 11]!] as string | null,
      billingAccountId: values[refs[at + 12]!] as string | null,
      subAccountId: values[refs[at + 13]!] as string | null,
      region: values[refs[at + 14]!] as string | null,
      chargeCategory: values[refs[at + 15]!] as string | null,
      pricingCategory: values[refs[at + 16]!] as string | null,
      instanceType: values[refs[at + 17]!] as string | null,
      usageQuantity: values[refs[at + 18]!] as string | null,
      usageUnit: values[refs[at + 19]!] as string | null,
      gpuCount: values[refs[at + 20]!] as number | null | undefined,
      invoiceOpen: values[refs[at + 21]!] as boolean | undefined,
      tags: tagsAt(refs[at + 22]!),
    };
  }
  return lines;
}
