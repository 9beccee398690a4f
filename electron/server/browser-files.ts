/**
 * Native dialogs, in the browser: the per-session folder where uploads land and downloads wait, and the `Dialogs`
 * main's services call. An open dialog asks the tab that made the request (over its event stream) to show a file
 * picker; the chosen file is uploaded into the session folder and granted (file-grants: an opaque token, the renderer
 * never names a server path). A save dialog answers a path in the session folder; once the handler has written it,
 * the response tells the page to download it.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Dialogs } from '../services/service-deps';

/** What the request being handled is: which tab asked, and which files its handler saved. */
export interface RequestScope {
  tabId: string | null;
  saved: Array<{ id: string; file: string }>;
}

export interface PendingDialog {
  id: string;
  resolve(file: string | null): void;
}

export type AskTab = (tabId: string, message: { control: 'open-file'; id: string; title: string; accept: string }) => boolean;

/** A file name safe to create in a folder of ours: no folders, no control characters, not empty, not too long. */
export function safeFileName(name: string, fallback = 'file'): string {
  const base = path
    .basename(name.replace(/\\/g, '/'))
    .replace(/[\u0000-\u001f<>:"/\\|?*]/g, '_')
    .replace(/^\.+/, '');
  const trimmed = base.slice(-120).trim();
  return trimmed || fallback;
}

/** `accept` of an <input type=file> from the dialog's filters: a hint, the browser's picker still offers all files. */
export function acceptFromFilters(filters: Array<{ extensions: string[] }> | undefined): string {
  const extensions = (filters ?? []).flatMap((f) => f.extensions).filter((e) => e !== '*');
  if (extensions.length === 0) return '';
  return [...new Set(extensions)].map((e) => `.${e}`).join(',');
}

export class SessionFolder {
  readonly root: string;
  readonly uploads: string;
  readonly downloads: string;

  constructor(dataDir: string, sessionId: string) {
    const parent = path.join(dataDir, 'browser-sessions');
    SessionFolder.removeStale(parent);
    this.root = path.join(parent, sessionId);
    this.uploads = path.join(this.root, 'uploads');
    this.downloads = path.join(this.root, 'downloads');
    // Owner only: the uploaded billing files and the saved reports are the user's data (0700 folders, 0600 files).
    for (const dir of [parent, this.root, this.uploads, this.downloads]) fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  }

  /** A fresh subfolder per file keeps the user's file name (the import reads its extension) without collisions. */
  newUploadPath(name: string): string {
    const dir = path.join(this.uploads, randomUUID());
    fs.mkdirSync(dir, { mode: 0o700 });
    return path.join(dir, safeFileName(name, 'upload'));
  }

  newDownloadPath(name: string): { id: string; file: string } {
    const id = randomUUID();
    const dir = path.join(this.downloads, id);
    fs.mkdirSync(dir, { mode: 0o700 });
    return { id, file: path.join(dir, safeFileName(name, 'download')) };
  }

  remove(): void {
    fs.rmSync(this.root, { recursive: true, force: true });
  }

  /** Folders of servers that ended without cleaning up (killed), a day old or more. */
  private static removeStale(parent: string): void {
    if (!fs.existsSync(parent)) return;
    const dayAgo = Date.now() - 24 * 3600 * 1000;
    for (const entry of fs.readdirSync(parent)) {
      const dir = path.join(parent, entry);
      try {
        if (fs.statSync(dir).mtimeMs < dayAgo) fs.rmSync(dir, { recursive: true, force: true });
      } catch {
        // another server removed it first
      }
    }
  }
}

export interface BrowserDialogs extends Dialogs {
  /** Resolves a pending open dialog with an uploaded file (or null: cancelled); false when no such dialog waits. */
  answer(dialogId: string, file: string | null): boolean;
  /** Cancels every pending dialog (server closing, tab gone). */
  cancelAll(tabId?: string): void;
}

/**
 * The browser's dialogs. `scope` is the request being handled (AsyncLocalStorage), so that a dialog opens in the tab
 * that asked and a saved file is downloaded by that tab.
 */
export function createBrowserDialogs(
  scope: AsyncLocalStorage<RequestScope>,
  session: SessionFolder,
  askTab: AskTab,
  timeoutMs = 30 * 60_000,
): BrowserDialogs {
  const pending = new Map<string, { tabId: string; resolve: (file: string | null) => void; timer: NodeJS.Timeout }>();
  const settle = (id: string, file: string | null): boolean => {
    const entry = pending.get(id);
    if (!entry) return false;
    pending.delete(id);
    clearTimeout(entry.timer);
    entry.resolve(file);
    return true;
  };
  return {
    openFile({ title, filters }) {
      const tabId = scope.getStore()?.tabId;
      if (!tabId) return Promise.resolve(null);
      const id = randomUUID();
      return new Promise<string | null>((resolve) => {
        const timer = setTimeout(() => settle(id, null), timeoutMs);
        timer.unref();
        pending.set(id, { tabId, resolve, timer });
        if (!askTab(tabId, { control: 'open-file', id, title, accept: acceptFromFilters(filters) })) settle(id, null);
      });
    },
    async saveFile({ defaultPath }) {
      const store = scope.getStore();
      if (!store) return null;
      const target = session.newDownloadPath(path.basename(defaultPath ?? 'download'));
      store.saved.push(target);
      return target.file;
    },
    answer: settle,
    cancelAll(tabId) {
      for (const [id, entry] of pending) if (tabId === undefined || entry.tabId === tabId) settle(id, null);
    },
  };
}
