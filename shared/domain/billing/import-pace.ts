/**
 * How fast an import runs and when it will end (issue 32 item 4): rows a second and the seconds left, from the bytes
 * and rows read since it started. The time left is by bytes (the file's size is known, its rows are not).
 */
export interface ImportPace {
  rowsPerSecond: number;
  bytesPerSecond: number;
  /** null until a rate is known (nothing read yet). */
  secondsLeft: number | null;
}

export function importPace(progress: { bytesRead: number; totalBytes: number; rowsRead: number }, elapsedMs: number): ImportPace {
  const seconds = Math.max(elapsedMs, 1) / 1000;
  const bytesPerSecond = progress.bytesRead / seconds;
  const rowsPerSecond = Math.round(progress.rowsRead / seconds);
  const secondsLeft = bytesPerSecond > 0 ? Math.ceil(Math.max(progress.totalBytes - progress.bytesRead, 0) / bytesPerSecond) : null;
  return { rowsPerSecond, bytesPerSecond, secondsLeft };
}

/** `2 min 5 s`, `40 s`, `1 h 3 min`. */
export function durationText(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min${seconds % 60 ? ` ${seconds % 60} s` : ''}`;
  return `${Math.floor(seconds / 3600)} h${Math.floor((seconds % 3600) / 60) ? ` ${Math.floor((seconds % 3600) / 60)} min` : ''}`;
}
