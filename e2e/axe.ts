/** axe-core under WCAG 2.2 A/AA (2.0, 2.1 and 2.2 tags), shared by the a11y specs: any serious or critical violation is a failure (issue 19, item 20). */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

export const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** The serious and critical violations inside `selector`, as "rule: target" lines (empty when none). */
export async function axeViolations(page: Page, selector: string): Promise<string[]> {
  const result = await new AxeBuilder({ page }).include(selector).withTags(WCAG).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(' ')} — ${n.failureSummary?.split('\n')[1] ?? ''}`));
}

export async function expectAccessible(page: Page, selector: string, state: string) {
  expect(await axeViolations(page, selector), state).toEqual([]);
}

/** Table headers without text (axe's best-practice rule empty-table-header, which is "minor" so not in the list above). */
export async function emptyTableHeaders(page: Page, selector: string): Promise<string[]> {
  const result = await new AxeBuilder({ page }).include(selector).withRules(['empty-table-header']).analyze();
  return result.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
}
