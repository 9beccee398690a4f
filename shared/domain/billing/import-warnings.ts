/**
 * An import's warnings, said once each (issue 19 item 19): the same warning on many lines becomes one entry with
 * its count and its first lines, so 19 short rows read as one warning "× 19", not nineteen.
 */
export interface ImportWarning {
  /** The first line it was seen on. */
  line: number;
  column: string;
  message: string;
  /** How many lines gave it (1 when absent). */
  count?: number;
  /** The first lines that gave it (at most `FIRST_LINES`), when more than one did. */
  lines?: number[];
}

export const FIRST_LINES = 10;

/** Collects warnings folded as they come: one entry per (column, message). */
export class WarningFolder {
  private readonly byKey = new Map<string, ImportWarning>();

  add(w: { line: number; column: string; message: string }): void {
    const key = `${w.column}\u0000${w.message}`;
    const seen = this.byKey.get(key);
    if (!seen) {
      this.byKey.set(key, { line: w.line, column: w.column, message: w.message });
      return;
    }
    const count = (seen.count ?? 1) + 1;
    const lines = seen.lines ?? [seen.line];
    if (lines.length < FIRST_LINES) lines.push(w.line);
    seen.count = count;
    seen.lines = lines;
  }

  get size(): number {
    return this.byKey.size;
  }

  list(): ImportWarning[] {
    return [...this.byKey.values()];
  }
}

/** "line 12" or "19 lines (12, 13, 14, … )" — where a warning was seen, in words. */
export function warningWhere(w: ImportWarning): string {
  const count = w.count ?? 1;
  if (count <= 1) return `line ${w.line}`;
  const lines = w.lines ?? [w.line];
  return `${count.toLocaleString('en-US')} lines (${lines.join(', ')}${count > lines.length ? ', …' : ''})`;
}
