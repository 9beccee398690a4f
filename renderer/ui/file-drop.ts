/**
 * Dropping one file from the desktop on an area of the window. The renderer only gets a web `File`; its path on disk
 * comes from `window.api.files.pathForFile` (Electron's webUtils in the preload). A drop of text, a link, several
 * files or a folder is answered with a message that says what to drop instead.
 */
import { useCallback, useRef, useState, type DragEvent } from 'react';
import { api } from '../app/api';

export type DropOutcome = { ok: true; path: string; name: string; file: File } | { ok: false; message: string };

/** What was dropped, as a path to read or a message for the user. `what` names the expected file ("billing export"). */
export function readDrop(data: DataTransfer | null, what = 'file'): DropOutcome {
  const files = data ? Array.from(data.files) : [];
  if (files.length === 0) {
    const text = data?.getData('text/uri-list') || data?.getData('text/plain') || '';
    const shown = text.length > 60 ? `${text.slice(0, 60)}…` : text;
    return {
      ok: false,
      message: `That drop held no file${shown ? ` (only the text “${shown}”)` : ''}: drop a ${what} from your file manager, or use Choose file…`,
    };
  }
  if (files.length > 1) return { ok: false, message: `${files.length} files were dropped: drop one ${what} at a time.` };
  const file = files[0]!;
  const entry = data?.items?.[0]?.webkitGetAsEntry?.();
  if (entry?.isDirectory) return { ok: false, message: `“${file.name}” is a folder: drop one ${what} from it.` };
  let path = '';
  try {
    path = api.files.pathForFile(file);
  } catch {
    path = '';
  }
  if (!path)
    return {
      ok: false,
      message: `“${file.name}” is not a file on disk (dragged from a web page or another app?): save it first, then drop the saved file.`,
    };
  return { ok: true, path, name: file.name, file };
}

/**
 * Drag-and-drop handlers for an element: `over` while something is dragged over it (for a visible hover state), and
 * `onDrop(outcome)` once it is dropped. Nested children do not flicker the state (enter/leave are counted).
 */
export function useFileDrop(onDrop: (outcome: DropOutcome) => void, what = 'file') {
  const [over, setOver] = useState(false);
  const depth = useRef(0);
  const onDragEnter = useCallback((e: DragEvent) => {
    e.preventDefault();
    depth.current += 1;
    setOver(true);
  }, []);
  const onDragOver = useCallback((e: DragEvent) => {
    e.preventDefault(); // without it the drop event never comes (and Chromium would open the file)
    e.dataTransfer.dropEffect = 'copy';
  }, []);
  const onDragLeave = useCallback(() => {
    depth.current = Math.max(0, depth.current - 1);
    if (depth.current === 0) setOver(false);
  }, []);
  const onDropEvent = useCallback(
    (e: DragEvent) => {
      e.preventDefault();
      e.stopPropagation();
      depth.current = 0;
      setOver(false);
      onDrop(readDrop(e.dataTransfer, what));
    },
    [onDrop, what],
  );
  return { over, handlers: { onDragEnter, onDragOver, onDragLeave, onDrop: onDropEvent } };
}
