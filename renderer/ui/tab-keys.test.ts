import { describe, expect, it } from 'vitest';
import { nextRowIndex, nextTabIndex } from './tab-keys';

describe('keyboard moves (issue 19 item 16)', () => {
  it('tabs: arrows move and wrap, Home and End go to the ends, other keys are not ours', () => {
    expect(nextTabIndex('ArrowRight', 0, 3)).toBe(1);
    expect(nextTabIndex('ArrowRight', 2, 3)).toBe(0);
    expect(nextTabIndex('ArrowLeft', 0, 3)).toBe(2);
    expect(nextTabIndex('Home', 2, 3)).toBe(0);
    expect(nextTabIndex('End', 0, 3)).toBe(2);
    expect(nextTabIndex('Enter', 0, 3)).toBeNull();
    expect(nextTabIndex('ArrowRight', 0, 0)).toBeNull();
  });
  it('rows: down and up stop at the ends, page keys jump, nothing selected starts at the first row', () => {
    expect(nextRowIndex('ArrowDown', -1, 5)).toBe(0);
    expect(nextRowIndex('ArrowDown', 4, 5)).toBe(4);
    expect(nextRowIndex('ArrowUp', 0, 5)).toBe(0);
    expect(nextRowIndex('PageDown', 1, 50)).toBe(11);
    expect(nextRowIndex('PageUp', 3, 50)).toBe(0);
    expect(nextRowIndex('End', 0, 50)).toBe(49);
    expect(nextRowIndex('x', 0, 50)).toBeNull();
  });
});
