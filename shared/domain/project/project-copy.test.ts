import { describe, expect, it } from 'vitest';
import { loadExample } from '../plan/test-fixtures';
import { distinctName, rekeyPlan } from './project-copy';

describe('rekeyPlan', () => {
  it('moves storage and transfer items with their project: ids re-keyed, track references follow', () => {
    const { plan } = loadExample();
    const copy = rekeyPlan(plan, 'copy');
    const trackIds = new Set(copy.tracks.map((t) => t.id));
    expect(copy.dataCosts).toHaveLength(3);
    for (const d of copy.dataCosts!) {
      expect(d.id.startsWith('copy')).toBe(true);
      expect(trackIds.has(d.trackId!)).toBe(true);
    }
    expect(copy.dataCosts!.map((d) => d.gb)).toEqual(plan.dataCosts!.map((d) => d.gb));
    expect(rekeyPlan({ ...plan, dataCosts: undefined }, 'c2').dataCosts).toBeUndefined();
  });
});

describe('distinctName: never two projects of the same name', () => {
  it('keeps a free name; numbers a taken one from 2, case-insensitively; a numbered name counts on', () => {
    expect(distinctName('VitalDB', ['Other'])).toBe('VitalDB');
    expect(distinctName('VitalDB', ['vitaldb'])).toBe('VitalDB (2)');
    expect(distinctName('VitalDB', ['VitalDB', 'VitalDB (2)', 'VitalDB (4)'])).toBe('VitalDB (3)');
    expect(distinctName('VitalDB (2)', ['VitalDB', 'VitalDB (2)'])).toBe('VitalDB (3)');
    expect(distinctName('  Spaced  ', [])).toBe('Spaced');
  });
});
