import { describe, expect, it } from 'vitest';
import { developerMenuItems } from './menu-items';

describe('production menu (issue 11, item 13)', () => {
  it('a packaged app has no Toggle DevTools; a development build keeps it', () => {
    expect(developerMenuItems(true)).toEqual([]);
    expect(developerMenuItems(false)).toEqual([{ role: 'toggleDevTools' }]);
  });
});
