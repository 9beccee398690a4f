import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../test-support/paths';
import { DEFAULT_WINDOW_STATE, loadWindowState, saveWindowState } from './window-state';

const temps: Array<() => void> = [];
afterEach(() => temps.splice(0).forEach((f) => f()));

describe('remembered window size and position', () => {
  it('round-trips through the data folder', () => {
    const { dir, remove } = tempDir();
    temps.push(remove);
    saveWindowState(dir, { x: 40, y: 60, width: 1280, height: 800, maximized: true });
    expect(loadWindowState(dir)).toEqual({ x: 40, y: 60, width: 1280, height: 800, maximized: true });
  });

  it('falls back to the default on a missing, corrupt or absurd file', () => {
    const { dir, remove } = tempDir();
    temps.push(remove);
    expect(loadWindowState(dir)).toEqual(DEFAULT_WINDOW_STATE);
    fs.writeFileSync(path.join(dir, 'window-state.json'), '{not json');
    expect(loadWindowState(dir)).toEqual(DEFAULT_WINDOW_STATE);
    fs.writeFileSync(path.join(dir, 'window-state.json'), JSON.stringify({ width: 5, height: -1 }));
    expect(loadWindowState(dir)).toEqual(DEFAULT_WINDOW_STATE);
  });
});
