/**
 * Billing sources: folders of cloud billing exports kept in sync (the app syncs them at start, when their files change
 * and every few minutes). Add a folder (native dialog), sync now with progress and cancel, see for each source when it
 * last synced and what changed: files imported (period, totals, imports replaced), superseded, waiting, refused.
 */
import {
  describeFilter,
  describeFilterCounts,
  emptyFilterFields,
  filterFromFields,
  type FilterFields,
} from '../../../shared/domain/billing/import-filter';
import { SliceFields } from './SliceFields';
import { useCallback, useEffect, useState } from 'react';
import type { Events } from '../../../shared/ipc/contract';
import type { BillingSource, SourceSync } from '../../../shared/ipc/contract/budget-sources';
import type { z } from 'zod';
import { api } from '../../app/api';
import { groupThousands, totalsText } from './format';
import { useBudgetStore } from './store';

type Progress = z.infer<Events['budget:source-sync-progress']>;

function when(iso: string | null): string {
  return iso ? `${iso.slice(0, 16).replace('T', ' ')} UTC` : 'never';
}

function SyncChanges({ sync }: { sync: SourceSync }) {
  return (
    <div className="bu-source-changes" data-testid="source-changes">
      <div className="muted">
        Last sync {when(sync.finishedAt)}: {sync.filesSeen} billing file(s) in the folder · <strong>{sync.imported.length} imported</strong>{' '}
        · {sync.unchanged} unchanged · {sync.alreadyImported.length} already imported (same content) · {sync.superseded.length} superseded
        by a newer delivery · {sync.refused.length} refused
        {sync.cancelled ? ' · cancelled' : ''}
      </div>
      {sync.imported.length > 0 && (
        <table className="data" aria-label="Files imported by the last sync">
          <thead>
            <tr>
              <th>File imported</th>
              <th>Period</th>
              <th className="num">Billed</th>
              <th>Replaces</th>
            </tr>
          </thead>
          <tbody>
            {sync.imported.map((i) => (
              <tr key={i.path} data-testid="source-imported-row">
                <td>
                  {i.path}
                  {i.filtered && <div className="muted">{describeFilterCounts(i.filtered, (n) => groupThousands(String(n)))}</div>}
                </td>
                <td>{i.periods.map((p) => `${p.start} → ${p.end}`).join(', ')}</td>
                <td className="num">{totalsText(i.totals)}</td>
                <td>
                  {i.replacedImportIds.length ? `import ${i.replacedImportIds.map((r) => `#${r}`).join(', ')} (restated period)` : '—'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {sync.waiting.map((w) => (
        <div key={w.manifest} className="muted">
          Waiting: {w.manifest} lists {w.missing.length} file(s) not in the folder yet.
        </div>
      ))}
    </div>
  );
}

export function SourcesPanel({ onChanged }: { onChanged: () => void }) {
  const [sources, setSources] = useState<BillingSource[]>([]);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [syncing, setSyncing] = useState(false);
  /** The add form (the slice the new source's syncs import) while open. */
  const [adding, setAdding] = useState<FilterFields | null>(null);
  const addChecked = filterFromFields(adding ?? emptyFilterFields());
  const setError = useBudgetStore((s) => s.setError);
  const reload = useCallback(
    () =>
      void api.budget.listSources({}).then((r) => {
        if (r.ok) setSources(r.value.sources);
      }),
    [],
  );
  useEffect(reload, [reload]);
  useEffect(
    () =>
      api.events.on('budget:source-sync-progress', (p) => {
        setProgress(p);
        if (p.phase === 'done') reload();
      }),
    [reload],
  );

  const add = async () => {
    if (!addChecked.ok) return;
    const r = await api.budget.addSource(addChecked.filter ? { filter: addChecked.filter } : {});
    if (!r.ok) return setError(r.error);
    if (r.value.source) {
      setAdding(null);
      reload();
      await sync(r.value.source.id);
    }
  };
  const sync = async (id?: number) => {
    setSyncing(true);
    setProgress(null);
    const r = await api.budget.syncSources(id === undefined ? {} : { id });
    setSyncing(false);
    if (!r.ok) setError(r.error);
    reload();
    onChanged();
  };
  const remove = async (id: number) => {
    const r = await api.budget.removeSource({ id });
    if (!r.ok) setError(r.error);
    reload();
  };
  const pct =
    progress && progress.filesTotal > 0
      ? Math.floor(
          (100 * (progress.filesDone + (progress.totalBytes > 0 ? progress.bytesRead / progress.totalBytes : 0))) / progress.filesTotal,
        )
      : 0;

  return (
    <div className="panel" aria-label="Billing sources">
      <div className="panel-title">
        <strong>Sources</strong>
        <span className="muted">
          folders your billing exports are mirrored into (aws s3 sync, azcopy, gsutil rsync, oci bulk-download, rclone): synced when the app
          starts, when files change and every 5 minutes
        </span>
        <span className="spacer" />
        <button className="btn" onClick={() => void sync()} disabled={syncing || sources.length === 0}>
          Sync now
        </button>
        <button
          className="btn primary"
          onClick={() => setAdding(adding ? null : emptyFilterFields())}
          disabled={syncing}
          aria-expanded={adding !== null}
        >
          Add folder…
        </button>
      </div>
      {adding && (
        <div className="bu-source-add" role="group" aria-label="Add a source">
          <SliceFields idPrefix="source-slice" fields={adding} checked={addChecked} onChange={setAdding} />
          <div className="toolbar">
            <button className="btn primary" onClick={() => void add()} disabled={syncing || !addChecked.ok}>
              Choose folder…
            </button>
            <button className="btn" onClick={() => setAdding(null)}>
              Cancel
            </button>
            <span className="muted">Every sync of the folder imports only these lines (none given: every line).</span>
          </div>
        </div>
      )}
      {syncing && (
        <div className="bu-source-progress" data-testid="source-sync-progress">
          <progress className="progress" max={100} value={pct} aria-label="Sync progress" />
          <span className="muted" data-testid="source-sync-progress-text">
            {progress?.phase === 'scanning' || !progress
              ? 'Looking for new deliveries…'
              : `Importing ${progress.file ?? ''} · file ${Math.min(progress.filesDone + 1, progress.filesTotal)} of ${progress.filesTotal} · ${pct}%`}
          </span>
          <button className="btn small" onClick={() => void api.budget.cancelSourceSync({})}>
            Cancel
          </button>
        </div>
      )}
      {sources.length === 0 && (
        <div className="muted">
          No source yet. Add the folder a sync tool keeps filled with your cloud's billing exports: new files are imported, a redelivered
          month replaces the old one, files already imported are skipped.
        </div>
      )}
      {sources.map((s) => (
        <div key={s.id} className="bu-source" data-testid="source-row">
          <div className="bu-source-head">
            <strong title={s.folder}>{s.folder}</strong>
            {s.mappingName && <span className="badge">mapping “{s.mappingName}”</span>}
            {s.filter && (
              <span className="badge info" data-testid="source-slice">
                only {describeFilter(s.filter)}
              </span>
            )}
            <span className="muted">
              {s.files} file(s) seen · last sync {when(s.lastSyncAt)}
            </span>
            <span className="spacer" />
            <button className="btn small" onClick={() => void sync(s.id)} disabled={syncing}>
              Sync
            </button>
            <button
              className="btn small danger"
              onClick={() => void remove(s.id)}
              disabled={syncing}
              title="Stops syncing the folder; its imports stay"
            >
              Remove
            </button>
          </div>
          {s.lastSync && <SyncChanges sync={s.lastSync} />}
          {s.refused.length > 0 && (
            <table className="data" aria-label="Refused files">
              <thead>
                <tr>
                  <th>Refused file</th>
                  <th>Why</th>
                </tr>
              </thead>
              <tbody>
                {s.refused.map((f) => (
                  <tr key={f.path} data-testid="source-refused-row">
                    <td>{f.path}</td>
                    <td className="bu-source-error">{f.error}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      ))}
    </div>
  );
}
