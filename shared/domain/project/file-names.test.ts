import { describe, expect, it } from 'vitest';
import { exportFileName, fileSafeName } from './file-names';

describe('exported files are named after the project (issue 28 item 4: "p-84b360bb-review-….pdf")', () => {
  it('the project name, what the file holds and the day', () => {
    expect(exportFileName('VitalDB Training Infrastructure (M1–M3)', 'review', 'pdf', '2026-11-28')).toBe(
      'VitalDB Training Infrastructure (M1–M3) review 2026-11-28.pdf',
    );
    expect(exportFileName('Small lab', 'allocations', 'csv')).toBe('Small lab allocations.csv');
  });

  it('drops what no file system takes; never empty; at most 80 characters of name', () => {
    expect(fileSafeName('a/b\\c:d*e?"f"<g>|h')).toBe('a b c d e f g h');
    expect(fileSafeName('..hidden.. ')).toBe('hidden');
    expect(fileSafeName('\u0000\u0001')).toBe('project');
    expect(fileSafeName('x'.repeat(200))).toHaveLength(80);
  });
});
