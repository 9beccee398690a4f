import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const PRODUCT_NAME = 'GPU Planner';
export const DATABASE_FILE_NAME = 'gpu-planner.sqlite';

/** The folder holding package.json (repo root in development, the app folder when packaged). */
export function findAppRoot(startDir: string = __dirname): string {
  let dir = path.resolve(startDir);
  for (;;) {
    const pkg = path.join(dir, 'package.json');
    if (fs.existsSync(pkg) && fs.existsSync(path.join(dir, 'resources'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`Cannot find the GPU Planner app folder above ${startDir}`);
    dir = parent;
  }
}

export function defaultResourcesDir(): string {
  return path.join(findAppRoot(), 'resources');
}

/** The same folder Electron's app.getPath('userData') gives for productName "GPU Planner". */
export function defaultDataDir(): string {
  const home = os.homedir();
  switch (process.platform) {
    case 'darwin':
      return path.join(home, 'Library', 'Application Support', PRODUCT_NAME);
    case 'win32':
      return path.join(process.env.APPDATA ?? path.join(home, 'AppData', 'Roaming'), PRODUCT_NAME);
    default:
      return path.join(process.env.XDG_CONFIG_HOME ?? path.join(home, '.config'), PRODUCT_NAME);
  }
}
