import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const windowStateSchema = z.object({
  x: z.number().int().optional(),
  y: z.number().int().optional(),
  width: z.number().int().min(640).max(10000),
  height: z.number().int().min(480).max(10000),
  maximized: z.boolean().default(false),
});
export type WindowState = z.infer<typeof windowStateSchema>;

export const DEFAULT_WINDOW_STATE: WindowState = { width: 1440, height: 900, maximized: false };

/** Window size and position, remembered in <userData>/window-state.json (a bad file is ignored, never fatal). */
export function loadWindowState(dataDir: string): WindowState {
  try {
    const parsed = windowStateSchema.safeParse(JSON.parse(fs.readFileSync(path.join(dataDir, 'window-state.json'), 'utf8')));
    return parsed.success ? parsed.data : DEFAULT_WINDOW_STATE;
  } catch {
    return DEFAULT_WINDOW_STATE;
  }
}

export function saveWindowState(dataDir: string, state: WindowState): void {
  try {
    fs.mkdirSync(dataDir, { recursive: true });
    const file = path.join(dataDir, 'window-state.json');
    fs.writeFileSync(`${file}.tmp`, JSON.stringify(state));
    fs.renameSync(`${file}.tmp`, file);
  } catch {
    // Losing the window position is not worth an error dialog.
  }
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The remembered state, kept on a screen that exists now: a position whose title bar (its top 40 px, at least 120 px
 * wide) shows on no display's work area — a monitor unplugged, a resolution lowered — is dropped (the window opens
 * centred), and the size is capped to the largest work area.
 */
export function fitOnScreen(state: WindowState, workAreas: readonly Rect[]): WindowState {
  if (workAreas.length === 0) return state;
  const maxWidth = Math.max(...workAreas.map((a) => a.width));
  const maxHeight = Math.max(...workAreas.map((a) => a.height));
  const width = Math.min(state.width, Math.max(640, maxWidth));
  const height = Math.min(state.height, Math.max(480, maxHeight));
  const { x, y, ...rest } = state;
  const sized = { ...rest, width, height };
  if (x === undefined || y === undefined) return sized;
  const titleBar = { x, y, width, height: Math.min(40, height) };
  const visible = workAreas.some((a) => {
    const w = Math.min(titleBar.x + titleBar.width, a.x + a.width) - Math.max(titleBar.x, a.x);
    const h = Math.min(titleBar.y + titleBar.height, a.y + a.height) - Math.max(titleBar.y, a.y);
    return w >= Math.min(120, width) && h >= Math.min(20, titleBar.height);
  });
  return visible ? { ...sized, x, y } : sized;
}

/**
 * Saves the window state off the event loop's hot path: moves and resizes arrive by the hundred while dragging, so
 * only the last state of a burst is written (after `delayMs` of calm), asynchronously; `flush()` writes a pending one
 * now (on close).
 */
export function createWindowStateSaver(dataDir: string, delayMs = 400): { schedule(state: WindowState): void; flush(): Promise<void> } {
  let pending: WindowState | null = null;
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> = Promise.resolve();
  const write = (state: WindowState) => {
    const file = path.join(dataDir, 'window-state.json');
    writing = writing
      .then(async () => {
        await fs.promises.mkdir(dataDir, { recursive: true });
        await fs.promises.writeFile(`${file}.tmp`, JSON.stringify(state));
        await fs.promises.rename(`${file}.tmp`, file);
      })
      .catch(() => {
        // Losing the window position is not worth an error dialog.
      });
    return writing;
  };
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    const state = pending;
    pending = null;
    return state ? write(state) : writing;
  };
  return {
    schedule(state) {
      pending = state;
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => void flush(), delayMs);
      timer.unref?.();
    },
    flush,
  };
}
