import { describe, expect, it } from 'vitest';
import { describeFilterCounts, filterFromFields, emptyFilterFields } from './import-filter';
import { durationText, importPace } from './import-pace';

describe('import pace (issue 32 item 4)', () => {
  it('rows a second and the seconds left by bytes', () => {
    expect(importPace({ bytesRead: 25_000_000, totalBytes: 100_000_000, rowsRead: 50_000 }, 5_000)).toEqual({
      rowsPerSecond: 10_000,
      bytesPerSecond: 5_000_000,
      secondsLeft: 15,
    });
    expect(importPace({ bytesRead: 0, totalBytes: 100, rowsRead: 0 }, 0).secondsLeft).toBeNull();
    expect(importPace({ bytesRead: 100, totalBytes: 100, rowsRead: 3 }, 2_000).secondsLeft).toBe(0);
  });

  it('durations in words', () => {
    expect([durationText(40), durationText(125), durationText(120), durationText(3_780)]).toEqual([
      '40 s',
      '2 min 5 s',
      '2 min',
      '1 h 3 min',
    ]);
  });
});

describe("the slice form's fields (issue 32 item 3)", () => {
  it('comma-separated lists, tags KEY=VALUE, a date window; empty fields: no filter', () => {
    expect(filterFromFields(emptyFilterFields())).toEqual({ ok: true, filter: null });
    expect(
      filterFromFields({ accounts: '1234*, 5678', tags: 'team=vital*', providers: 'AWS', from: '2024-09-01', to: '2024-09-30' }),
    ).toEqual({
      ok: true,
      filter: {
        accounts: ['1234*', '5678'],
        tags: [{ key: 'team', pattern: 'vital*' }],
        providers: ['AWS'],
        from: '2024-09-01',
        to: '2024-09-30',
      },
    });
    expect(filterFromFields({ ...emptyFilterFields(), tags: 'team' })).toMatchObject({ ok: false, field: 'tag' });
    expect(filterFromFields({ ...emptyFilterFields(), from: '2024-13-01' })).toMatchObject({ ok: false, field: 'from' });
  });

  it('what the slice did, per filter', () => {
    expect(describeFilterCounts({ read: 1000, kept: 233, skipped: { account: 58, tag: 709, provider: 0, date: 0 } })).toBe(
      '1000 lines read · 233 kept · skipped 58 by account, 709 by tag',
    );
  });
});
