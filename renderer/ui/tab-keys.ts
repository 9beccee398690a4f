/** Keyboard moves of a tab list or a list of rows: which index a key leads to (null: the key is not ours). */
export function nextTabIndex(key: string, current: number, count: number): number | null {
  if (count <= 0) return null;
  const at = current < 0 ? 0 : current;
  switch (key) {
    case 'ArrowRight':
      return (at + 1) % count;
    case 'ArrowLeft':
      return (at - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/** Up/Down through rows, without wrapping; Home/End to the ends; PageUp/PageDown by `page` rows. */
export function nextRowIndex(key: string, current: number, count: number, page = 10): number | null {
  if (count <= 0) return null;
  const at = current < 0 ? -1 : current;
  switch (key) {
    case 'ArrowDown':
      return Math.min(count - 1, at + 1);
    case 'ArrowUp':
      return Math.max(0, at - 1);
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    case 'PageDown':
      return Math.min(count - 1, at + page);
    case 'PageUp':
      return Math.max(0, at - page);
    default:
      return null;
  }
}
