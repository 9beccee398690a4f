import { expect, test } from './fixtures';

test('the app opens with a sidebar of the five sections, each screen reachable', async ({ app, page }) => {
  const nav = page.getByRole('navigation', { name: 'Sections' });
  for (const label of ['Catalog', 'Estimate', 'Plan', 'Budget', 'Review']) {
    await expect(nav.getByRole('button', { name: new RegExp(`^${label}`) })).toBeVisible();
  }
  for (const label of ['Catalog', 'Estimate', 'Plan', 'Budget', 'Review']) {
    await nav.getByRole('button', { name: new RegExp(`^${label}`) }).click();
    await expect(page.getByRole('heading', { level: 1, name: new RegExp(label) })).toBeVisible();
  }
  await app.screenshot('app-shell');
});

test('the native menu navigates', async ({ app, page }) => {
  await app.menu({ command: 'navigate', screen: 'catalog' });
  await expect(page.getByRole('heading', { level: 1, name: /Catalog/ })).toBeVisible();
});
