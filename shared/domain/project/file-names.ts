/**
 * The names the app proposes for the files it writes, after the project they belong to: "VitalDB Training
 * Infrastructure (M1–M3) review 2026-11-28.pdf", never an internal id. Safe on Windows, macOS and Linux.
 */

/** A project's name as part of a file name: characters no file system takes dropped, spaces kept, at most 80 long. */
export function fileSafeName(name: string): string {
  const safe = name
    .replace(/[<>:"/\\|?*\u0000-\u001f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+|[. ]+$/g, '')
    .slice(0, 80)
    .trim();
  return safe || 'project';
}

/** `<project> <what> <YYYY-MM-DD>.<ext>` (date optional): the default name of an exported file. */
export function exportFileName(projectName: string, what: string, extension: string, date?: string): string {
  return `${[fileSafeName(projectName), what, date].filter(Boolean).join(' ')}.${extension}`;
}

/** The review PDF's default name, `<project> review <YYYY-MM-DD>.pdf`: the app's save dialog, the browser's download and the CLI. */
export function reviewPdfFileName(projectName: string, date: string): string {
  return exportFileName(projectName, 'review', 'pdf', date);
}
