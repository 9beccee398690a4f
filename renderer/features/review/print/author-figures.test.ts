/** Issue 28, items 4 and 9: a plan the lead made (no source document) prints no "author" figures or columns. */
import { describe, expect, it } from 'vitest';
import type { ReportModel } from '../../../../shared/domain/report/report-model';
import { hasAuthorFigures, withoutColumns } from './format';

const model = (milestones: Array<Record<string, unknown>>, scenarios: Array<Record<string, unknown>>) =>
  ({ milestones, assumptions: { scenarios } }) as unknown as ReportModel;

describe('author figures in the report', () => {
  it('a plan without a source document has none; an example built from one has them', () => {
    expect(hasAuthorFigures(model([{ authorUsd: null, authorHours: null }], [{ authorUsd: null, authorRisk: null }]))).toBe(false);
    expect(hasAuthorFigures(model([], []))).toBe(false);
    expect(hasAuthorFigures(model([{ authorUsd: { low: 15, high: 15 }, authorHours: null }], []))).toBe(true);
    expect(hasAuthorFigures(model([], [{ authorUsd: null, authorRisk: 'Low' }]))).toBe(true);
  });

  it('drops the author columns from head and rows alike', () => {
    const t = withoutColumns(['Scenario', 'Cost', "Author's cost", "Author's risk"], [['A', '$1', '—', '—']], [2, 3]);
    expect(t).toEqual({ head: ['Scenario', 'Cost'], rows: [['A', '$1']] });
  });
});
