import { describe, expect, it } from 'vitest';
import { hasDocumentFigures } from './scenario-columns';

describe('the scenario list shows the source document column only where a document has figures (issue 28 item 9)', () => {
  const none = { authorUsd: null, authorDays: null, authorRisk: null };
  it('a plan the lead made: no column', () => {
    expect(hasDocumentFigures([none, none])).toBe(false);
    expect(hasDocumentFigures([])).toBe(false);
  });
  it('an example read from a document: the column', () => {
    expect(hasDocumentFigures([none, { ...none, authorUsd: { low: 15, high: 15 } }])).toBe(true);
    expect(hasDocumentFigures([{ ...none, authorRisk: 'Low' }])).toBe(true);
    expect(hasDocumentFigures([{ ...none, authorDays: { low: 3, high: 5 } }])).toBe(true);
  });
});
