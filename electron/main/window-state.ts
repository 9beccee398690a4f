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
