import { describe, expect, it } from 'vitest';
import { WarningFolder, warningWhere } from './import-warnings';

describe('warnings said once with a count (issue 19 item 19)', () => {
  it('19 identical warnings fold into one with its count and first lines; different ones stay apart', () => {
    const f = new WarningFolder();
    for (let line = 5; line < 24; line++)
      f.add({ line, column: 'Tags', message: 'the row has 20 of 21 fields; the missing fields are read as empty' });
    f.add({ line: 30, column: 'Cost', message: 'other' });
    const list = f.list();
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({ line: 5, count: 19, lines: [5, 6, 7, 8, 9, 10, 11, 12, 13, 14] });
    expect(warningWhere(list[0]!)).toBe('19 lines (5, 6, 7, 8, 9, 10, 11, 12, 13, 14, …)');
    expect(list[1]).toEqual({ line: 30, column: 'Cost', message: 'other' });
    expect(warningWhere(list[1]!)).toBe('line 30');
  });
});
