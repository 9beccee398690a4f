import type { MenuItemConstructorOptions } from 'electron';

/** Developer items of the View menu: "Toggle DevTools" in development builds only, never in a packaged app. */
export function developerMenuItems(isPackaged: boolean): MenuItemConstructorOptions[] {
  return isPackaged ? [] : [{ role: 'toggleDevTools' }];
}
