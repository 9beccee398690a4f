import { describe, expect, it } from 'vitest';
import type { ColumnMapping } from '../../../shared/domain/billing/column-mapping';
import { fittingSavedMapping, readsGeneric, type SavedMapping } from './use-import-flow';

const mapping = (dateColumn: string, costColumn: string): ColumnMapping => ({
  dateColumn,
  dateFormat: 'auto',
  costColumn,
  currency: 'USD',
  tagColumns: [],
  decimalSeparator: '.',
  sign: 'as-is',
});
const saved = (name: string, updatedAt: string, m: ColumnMapping): SavedMapping => ({ name, updatedAt, mapping: m });

describe('fittingSavedMapping', () => {
  const older = saved('older', '2026-01-01T00:00:00Z', mapping('Date', 'Cost'));
  const newer = saved('newer', '2026-02-01T00:00:00Z', mapping('date', 'cost'));
  const other = saved('other', '2026-03-01T00:00:00Z', mapping('Day', 'Amount'));

  it('applies the newest saved mapping whose columns are all in the header', () => {
    expect(fittingSavedMapping({ format: null, header: ['Date', 'Cost', 'Tag'] }, [older, other, newer])?.name).toBe('newer');
  });

  it('applies none when no saved mapping fits, or when the file is of a known dialect', () => {
    expect(fittingSavedMapping({ format: 'generic', header: ['When', 'Cost'] }, [older, newer, other])).toBeUndefined();
    expect(fittingSavedMapping({ format: 'focus', header: ['Date', 'Cost'] }, [older])).toBeUndefined();
  });
});

describe('readsGeneric', () => {
  it('reads through a mapping when chosen, or on auto for a file of no known dialect', () => {
    expect(readsGeneric({ format: null }, 'auto')).toBe(true);
    expect(readsGeneric({ format: 'focus' }, 'auto')).toBe(false);
    expect(readsGeneric({ format: 'focus' }, 'generic')).toBe(true);
    expect(readsGeneric(null, 'generic')).toBe(false);
  });
});
