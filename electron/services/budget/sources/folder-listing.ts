/** A source folder as the sync sees it: its files (hidden ones and system folders left out) and its manifests. */
import fs from 'node:fs';
import path from 'node:path';
import { isManifestFile, manifestKeys, type FolderFile, type Manifest } from '../../../../shared/domain/billing/delivery-layout';

/** Folders not descended into. */
const SKIPPED_DIRS = new Set(['node_modules', '$RECYCLE.BIN', 'System Volume Information']);

/** Every file under `root` (relative `/` paths), hidden files and folders left out. */
export function listFolder(root: string): FolderFile[] {
  const out: FolderFile[] = [];
  const walk = (dir: string, rel: string) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      if (e.name.startsWith('.') || SKIPPED_DIRS.has(e.name)) continue;
      const abs = path.join(dir, e.name);
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) walk(abs, r);
      else if (e.isFile()) {
        try {
          const st = fs.statSync(abs, { bigint: true });
          // The inode and status-change time change on every write (and on setting the times back), so a file rewritten
          // to the same size and modification time is still seen as changed, without reading it.
          out.push({ path: r, size: Number(st.size), mtimeMs: Number(st.mtimeMs), changeStamp: `${st.ino}:${st.ctimeNs}` });
        } catch {
          // removed while listing
        }
      }
    }
  };
  walk(root, '');
  return out;
}

/** The manifests among the listed files that can be read (an unreadable one's files are deliveries of their own). */
export function readManifests(root: string, listed: readonly FolderFile[]): Manifest[] {
  const manifests: Manifest[] = [];
  for (const f of listed) {
    if (!isManifestFile(f.path)) continue;
    try {
      const keys = manifestKeys(fs.readFileSync(path.join(root, f.path), 'utf8'));
      if (keys) manifests.push({ path: f.path, mtimeMs: f.mtimeMs, keys });
    } catch {
      // unreadable manifest: its files are deliveries of their own
    }
  }
  return manifests;
}
