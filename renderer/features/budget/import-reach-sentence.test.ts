/** Issue 19 item 19: the import summary's sentence on how much landed in the project's dates and how much is assigned. */
import { describe, expect, it } from 'vitest';
import { reachSentence } from './ImportOutcomeNotes';

const project = { id: 'p', name: 'VitalDB', start: '2025-12-11', end: '2026-01-31' };

describe('reachSentence', () => {
  it('says the in-date amount and the assigned amount, to the cent', () => {
    const text = reachSentence({
      project,
      inProjectDates: { lines: 3, totals: { USD: '12.3400000000000000001' } },
      assigned: { lines: 2, totals: { USD: '10' } },
    });
    expect(text).toBe(
      "$12.34 of this file (3 lines) falls in the project's dates (2025-12-11 → 2026-01-31); $10.00 of it is assigned to tracks (1 line matches no rule).",
    );
  });

  it('says when nothing falls in the dates, or nothing is assigned', () => {
    expect(reachSentence({ project, inProjectDates: { lines: 0, totals: {} }, assigned: { lines: 0, totals: {} } })).toBe(
      "None of this file falls in the project's dates (2025-12-11 → 2026-01-31).",
    );
    expect(reachSentence({ project, inProjectDates: { lines: 1, totals: { EUR: '5' } }, assigned: { lines: 0, totals: {} } })).toMatch(
      /^€5.00 of this file \(1 line\) .*; none of it is assigned to tracks \(1 line matches no rule\)\.$/,
    );
  });
});
