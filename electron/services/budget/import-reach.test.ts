/**
 * Issue 19 item 19: each import says how much of it landed in the active project's dates and how much of that the
 * rules assigned to its tracks. Checked on the FOCUS sample against an independent sum of the file.
 */
import fs from 'node:fs';
import path from 'node:path';
import Big from 'big.js';
import { parse } from 'csv-parse/sync';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { referenceDir } from '../../test-support/paths';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { invokeOk, septemberProjectWithRule } from '../../test-support/september-project';

const FOCUS = path.join(referenceDir, 'billing-samples/focus-sample-data/focus_sample.csv');
const EC2 = 'Amazon Elastic Compute Cloud';

let app: TestApp;
beforeEach(() => {
  app = createTestApp();
});
afterEach(() => app.dispose());

/** Independent: the file's BilledCost summed with big.js over rows charged from 2024-09-10 to 2024-09-20 inclusive. */
function expectedSums(): { inDates: Big; assigned: Big; lines: number; assignedLines: number } {
  const rows = parse(fs.readFileSync(FOCUS, 'utf8'), { columns: true, bom: true }) as Array<Record<string, string>>;
  const inDates = rows.filter((r) => r.ChargePeriodStart! >= '2024-09-10' && r.ChargePeriodStart! < '2024-09-21');
  const ec2 = inDates.filter((r) => r.ServiceName === EC2);
  const sum = (rs: typeof rows) => rs.reduce((s, r) => s.plus(r.BilledCost!), new Big(0));
  return { inDates: sum(inDates), assigned: sum(ec2), lines: inDates.length, assignedLines: ec2.length };
}

describe('an import’s reach into the project', () => {
  it('says how much of the FOCUS sample falls in the project dates and how much a service rule assigns', async () => {
    const { projectId } = await septemberProjectWithRule(app, EC2);

    const result = await app.services.budget.importFile({ file: FOCUS });
    const expected = expectedSums();
    expect(expected.lines).toBeGreaterThan(expected.assignedLines);
    expect(expected.assignedLines).toBeGreaterThan(0);
    expect(result.reach).toBeDefined();
    expect(result.reach!.project).toMatchObject({ id: projectId, start: '2024-09-10', end: '2024-09-20' });
    expect(result.reach!.inProjectDates.lines).toBe(expected.lines);
    // Summed in nano-units like the overview (each line to 1e-9): within a nano-unit per line of the exact sum.
    const close = (got: string, want: Big, lines: number) =>
      expect(
        new Big(got)
          .minus(want)
          .abs()
          .lte(lines * 1e-9),
      ).toBe(true);
    close(result.reach!.inProjectDates.totals.USD!, expected.inDates, expected.lines);
    expect(result.reach!.assigned.lines).toBe(expected.assignedLines);
    close(result.reach!.assigned.totals.USD!, expected.assigned, expected.assignedLines);

    // The imports list says the same of that import.
    const { imports } = await invokeOk<{ imports: Array<{ id: number; reach?: unknown }> }>(app.handlers.invoke('budget:list-imports', {}));
    expect(imports.find((i) => i.id === result.importId)!.reach).toEqual(result.reach);
  }, 60_000);
});
