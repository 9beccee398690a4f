import { describe, expect, it } from 'vitest';
import { fieldMessages } from './editor-parts';

describe('plan forms place each refusal at its field (issue 19, item 18)', () => {
  it("the plan's checks (project.budget) and the request schema (command.value.budget, phases.0.start) land on the same field", () => {
    const problems = [
      { field: 'command.value.budget', message: 'an amount of 0 or more written with digits, such as 615 or 615.50' },
      { field: 'command.value.phases.0.start', message: 'a date as YYYY-MM-DD between 2000-01-01 and 2100-12-31' },
      { field: 'project.end', message: 'The end (2025-01-01) is before the start (2025-12-11).' },
    ];
    expect(fieldMessages({ code: 'INVALID_REQUEST', message: 'Budget: …', details: { problems } })).toEqual({
      budget: problems[0]!.message,
      'phases.0.start': problems[1]!.message,
      end: problems[2]!.message,
    });
  });
});
