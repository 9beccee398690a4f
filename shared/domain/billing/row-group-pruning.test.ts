/** The statistics test of a row group (issue 32 item 3): skip only when no value between the bounds can match. */
import { describe, expect, it } from 'vitest';
import { globMatches } from '../budget/glob';
import { parseImportFilter } from './import-filter';
import { daysOfTextBounds, groupExcludedBy, textMayMatch, type ColumnBounds, type GroupBounds } from './row-group-pruning';

const text = (min: string, max: string): ColumnBounds => ({ kind: 'text', min, max });
const unknown: ColumnBounds = { kind: 'unknown' };

describe('textMayMatch', () => {
  it('bounds equal to the pattern, or holding it, may match; ranges beside it do not', () => {
    expect(textMayMatch('222', text('111', '222'))).toBe(true);
    expect(textMayMatch('222', text('222', '333'))).toBe(true);
    expect(textMayMatch('222', text('2220', '2229'))).toBe(true); // the prefix test: 222 itself lies below, but reading is safe
    expect(textMayMatch('22*', text('2220', '2229'))).toBe(true);
    expect(textMayMatch('222', text('111', '2219'))).toBe(false);
    expect(textMayMatch('222', text('223', '333'))).toBe(false);
  });

  it('upper and lower case alike (the glob ignores case); i and k end the prefix (İ and the Kelvin sign fold to them)', () => {
    expect(textMayMatch('aws', text('AWS', 'AWS'))).toBe(true);
    expect(textMayMatch('AWS', text('aws', 'aws'))).toBe(true);
    expect(textMayMatch('azure', text('AWS', 'AWS'))).toBe(false);
    expect(globMatches('kvm', '\u212Avm')).toBe(true);
    expect(textMayMatch('kvm', text('A', 'Z'))).toBe(true);
  });

  it('reads the group when the bounds start with a blank, a BOM or a non-ASCII character (the line gets the trimmed text)', () => {
    expect(textMayMatch('222', text(' 100', '199'))).toBe(true);
    expect(textMayMatch('222', text('100', '\ufeff199'))).toBe(true);
    expect(textMayMatch('222', text('100', 'é'))).toBe(true);
  });

  it('no value never matches; unknown bounds always may; a constant is matched as the line would be', () => {
    expect(textMayMatch('*', { kind: 'none' })).toBe(false);
    expect(textMayMatch('x', unknown)).toBe(true);
    expect(textMayMatch('A*', { kind: 'constant', value: 'AWS' })).toBe(true);
    expect(textMayMatch('Microsoft', { kind: 'constant', value: 'AWS' })).toBe(false);
  });
});

describe('groupExcludedBy', () => {
  const bounds = (over: Partial<GroupBounds>): GroupBounds => ({
    billingAccountId: unknown,
    subAccountId: unknown,
    provider: unknown,
    chargePeriodStart: unknown,
    ...over,
  });
  it('an account filter needs both ids excluded; the first kind excluded counts, as a line is counted', () => {
    const f = parseImportFilter({ accounts: ['7*'], providers: ['GCP'] });
    // Accounts excluded, provider unknown: 'account' (the first kind, whatever the provider).
    expect(groupExcludedBy(f, bounds({ billingAccountId: text('1', '1'), subAccountId: text('4', '4') }))).toBe('account');
    expect(
      groupExcludedBy(
        f,
        bounds({ billingAccountId: text('1', '1'), subAccountId: text('4', '4'), provider: { kind: 'constant', value: 'AWS' } }),
      ),
    ).toBe('account');
    expect(groupExcludedBy(f, bounds({ billingAccountId: text('1', '1'), subAccountId: text('4', '8') }))).toBe(null);
  });
  it('dates: excluded only when the whole range lies outside the window', () => {
    const f = parseImportFilter({ from: '2024-09-10', to: '2024-09-20' });
    const days = (min: string, max: string) => bounds({ chargePeriodStart: { kind: 'days', min, max } });
    expect(groupExcludedBy(f, days('2024-09-01', '2024-09-09'))).toBe('date');
    expect(groupExcludedBy(f, days('2024-09-01', '2024-09-10'))).toBe(null);
    expect(groupExcludedBy(f, days('2024-09-20', '2024-09-30'))).toBe(null);
    expect(groupExcludedBy(f, days('2024-09-21', '2024-09-30'))).toBe('date');
    expect(groupExcludedBy(null, days('2024-01-01', '2024-01-02'))).toBe(null);
  });
  it('text dates: a day of margin; bounds that are not ISO, or differ in their first two characters, tell nothing', () => {
    expect(daysOfTextBounds('2024-09-01T00:00:00Z', '2024-09-07T23:00:00-05:00')).toEqual({
      kind: 'days',
      min: '2024-08-31',
      max: '2024-09-08',
    });
    expect(daysOfTextBounds('1999-12-31', '2024-01-01')).toEqual(unknown); // '2/1/2024' sorts between them
    expect(daysOfTextBounds('09/01/2024', '09/30/2024')).toEqual(unknown);
  });
});
