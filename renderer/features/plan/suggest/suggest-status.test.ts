import { describe, expect, it } from 'vitest';
import { suggestStatusText } from './suggest-status';

describe('suggestStatusText (issue 28 item 9)', () => {
  it('an earliest-finish result never says "no cheaper schedule"', () => {
    for (const status of ['optimal', 'feasible'] as const) {
      const text = suggestStatusText(status, 'finish');
      expect(text).not.toMatch(/cheaper|cheapest/);
      expect(text).toMatch(/earl/);
    }
  });
  it('a least-cost result speaks of cost', () => {
    expect(suggestStatusText('optimal', 'cost')).toContain('no cheaper schedule');
    expect(suggestStatusText('feasible', 'cost')).toContain('not proven cheapest');
  });
});
