/**
 * Where focus goes back to when what had it is gone. A control in a row of a list or table (an Edit or Delete button)
 * may be removed with its row (a deleted milestone): focus then goes to the same place in the row that took its place,
 * else in the row before, else to the first control of the nearest section that is still there, never to the page.
 */

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled])';

export interface FocusPlace {
  /** Focuses the control again, or the one that took its place; false when nothing could take the focus. */
  restore(): boolean;
}

export function rememberFocusPlace(el: HTMLElement | null): FocusPlace {
  if (!el) return { restore: () => false };
  const row = el.closest<HTMLElement>('li, tr');
  const list = row?.parentElement ?? null;
  const index = row && list ? [...list.children].indexOf(row) : -1;
  // Which control of the row it was (the 2nd button: Delete), so the next row's same control takes the focus.
  const slot = row ? [...row.querySelectorAll<HTMLElement>(FOCUSABLE)].indexOf(el) : -1;
  const section = (list ?? el).closest<HTMLElement>('section, [role="region"], [role="dialog"], main');
  return {
    restore() {
      if (el.isConnected) {
        el.focus();
        return true;
      }
      if (list?.isConnected && index >= 0) {
        const rows = [...list.children].filter((c): c is HTMLElement => c instanceof HTMLElement && c.matches('li, tr'));
        for (const candidate of [rows[Math.min(index, rows.length - 1)], rows[index - 1]]) {
          const controls = candidate ? [...candidate.querySelectorAll<HTMLElement>(FOCUSABLE)] : [];
          const target = controls[Math.min(Math.max(slot, 0), controls.length - 1)];
          if (target) {
            target.focus();
            return true;
          }
        }
      }
      const fallback = section?.isConnected ? section.querySelector<HTMLElement>(FOCUSABLE) : null;
      fallback?.focus();
      return fallback !== null;
    },
  };
}

/** After the next render (two frames: React commits, then the browser lays out), runs `then`. */
export function afterRender(then: () => void): void {
  requestAnimationFrame(() => requestAnimationFrame(then));
}
