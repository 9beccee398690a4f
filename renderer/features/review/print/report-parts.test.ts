import { describe, expect, it } from 'vitest';
import { dates, dollars } from './report-parts';

describe('printed report parts', () => {
  it('a date range within one year drops the second year', () => {
    expect(dates('2025-12-21', '2025-12-23')).toBe('2025-12-21 → 12-23');
    expect(dates('2025-12-21', '2026-01-04')).toBe('2025-12-21 → 2026-01-04');
  });
  it('dollars with cents and thousands, a dash when there is no amount', () => {
    expect(dollars('1234.5')).toBe('$1,234.50');
    expect(dollars(null)).toBe('—');
  });
});
