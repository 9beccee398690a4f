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

test('the page’s uncaught errors and unhandled rejections reach main’s log through app:log', async ({ app, page }) => {
  test.skip(app.mode !== 'browser-bridge', 'the bridge records what main logs');
  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error('e2e: thrown in a timer');
    });
    void Promise.reject(new Error('e2e: a promise nobody awaited'));
  });
  const renderer = () => app.logged.filter((l) => l.message.startsWith('Renderer')).map((l) => `${l.level} ${l.message.split('\n')[0]}`);
  await expect
    .poll(renderer)
    .toEqual(
      expect.arrayContaining([
        'error Renderer (window): Error: e2e: thrown in a timer',
        'error Renderer (promise): Error: e2e: a promise nobody awaited',
      ]),
    );
  // The app goes on.
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: /^Plan/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Plan/ })).toBeVisible();
});
