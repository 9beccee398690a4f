/**
 * The billing import's steps: choose or drop a file → preview (a saved mapping whose columns the file has is applied)
 * → map the columns of a generic CSV (save, export for the CLI) → import with progress and cancel → the summary, or
 * every error and the choice to import the valid rows only.
 */
import { useEffect, useRef, useState } from 'react';
import type { ColumnMapping } from '../../../shared/domain/billing/column-mapping';
import { emptyFilterFields, filterFromFields, type FilterFields } from '../../../shared/domain/billing/import-filter';
import { missingMappingColumns } from '../../../shared/domain/billing/dialects';
import type { SerializedError } from '../../../shared/domain/errors';
import type { Result as ApiResult } from '../../../shared/ipc/channel';
import type { Response } from '../../../shared/ipc/contract';
import type { IMPORT_FORMATS } from '../../../shared/ipc/contract/budget-import';
import { api } from '../../app/api';
import type { DropOutcome } from '../../ui/file-drop';
import { checkMapping, draftFromMapping, emptyMapping, type MappingDraft } from './column-mapping-draft';

export type ImportPreview = Response<'budget:choose-import-file'>;
export type ImportResult = Response<'budget:import-file'>;
export type SavedMapping = Response<'budget:list-mappings'>['mappings'][number];
export type ImportPhase = 'choose' | 'preview' | 'running' | 'done' | 'failed';
export type ImportFormat = (typeof IMPORT_FORMATS)[number];
export interface ImportProgress {
  bytesRead: number;
  totalBytes: number;
  rowsRead: number;
  /** When the import started (ms, the renderer's clock), for rows a second and the time left. */
  startedAt?: number;
  /** When this progress was received. */
  at?: number;
}

/** A drop on the Budget screen or the dialog, numbered so the same file dropped twice is read twice. */
export interface Dropped {
  outcome: DropOutcome;
  seq: number;
}

const PREVIEW_ROWS = 8;

/** A file of no known dialect (or a generic CSV) gets the newest saved mapping whose columns are all in its header. */
export function fittingSavedMapping(preview: Pick<ImportPreview, 'format' | 'header'>, saved: SavedMapping[]): SavedMapping | undefined {
  if (preview.format !== null && preview.format !== 'generic') return undefined;
  return [...saved]
    .filter((m) => missingMappingColumns(preview.header, m.mapping).length === 0)
    .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))[0];
}

/** Whether the file is read through a column mapping: chosen so, or `auto` on a file of no known dialect. */
export const readsGeneric = (preview: Pick<ImportPreview, 'format'> | null, format: ImportFormat) =>
  preview !== null && (format === 'generic' || (format === 'auto' && (preview.format === null || preview.format === 'generic')));

export function useImportFlow({ dropped, onImported }: { dropped: Dropped | null; onImported: () => void }) {
  const [phase, setPhase] = useState<ImportPhase>('choose');
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [format, setFormat] = useState<ImportFormat>('auto');
  const [mapping, setMapping] = useState<MappingDraft>(emptyMapping());
  const [savedMappings, setSavedMappings] = useState<SavedMapping[]>([]);
  const [mappingNote, setMappingNote] = useState<string | null>(null);
  const [exportedTo, setExportedTo] = useState<string | null>(null);
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  const [slice, setSlice] = useState<FilterFields>(emptyFilterFields());
  const startedAt = useRef(0);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [error, setError] = useState<SerializedError | null>(null);
  const [dropMessage, setDropMessage] = useState<string | null>(null);
  const phaseRef = useRef(phase);
  phaseRef.current = phase;

  useEffect(() => api.events.on('budget:import-progress', (p) => setProgress({ ...p, startedAt: startedAt.current, at: Date.now() })), []);

  async function refreshMappings(): Promise<SavedMapping[]> {
    const r = await api.budget.listMappings({});
    const list = r.ok ? r.value.mappings : [];
    setSavedMappings(list);
    return list;
  }
  useEffect(() => void refreshMappings(), []);

  /** A new file's preview: a saved mapping whose columns are all in this header is applied (the newest first). */
  async function showPreview(r: ApiResult<ImportPreview>) {
    setDropMessage(null);
    if (!r.ok) {
      setError(r.error);
      if (phaseRef.current === 'done' || phaseRef.current === 'failed') setPhase('choose');
      return;
    }
    if (!r.value.file) return; // the native dialog was cancelled
    setError(null);
    setResult(null);
    setExportedTo(null);
    setPreview(r.value);
    setFormat('auto');
    const fitting = fittingSavedMapping(r.value, await refreshMappings());
    if (fitting) {
      setMapping(draftFromMapping(r.value.header, fitting.mapping, fitting.name));
      setMappingNote(
        `Applied your saved mapping “${fitting.name}”: this file has every column it names. Check the rows below, then import.`,
      );
    } else {
      setMapping(emptyMapping(r.value.header, r.value.rows));
      setMappingNote(null);
    }
    setPhase('preview');
  }

  const choose = async () => showPreview(await api.budget.chooseImportFile({ previewRows: PREVIEW_ROWS }));

  useEffect(() => {
    if (!dropped) return;
    if (phaseRef.current === 'running') return setDropMessage('An import is running: wait for it or cancel it, then drop the file again.');
    if (!dropped.outcome.ok) return setDropMessage(dropped.outcome.message);
    const { file, name } = dropped.outcome;
    // Main reads only what it granted: the preload turns the dropped File into a token (never a path from here).
    void api.files.grantFile(file).then((grant) => {
      if (!grant)
        return setDropMessage(
          `“${name}” is not a file on disk (dragged from a web page or another app?): save it first, then drop the saved file.`,
        );
      return api.budget.previewFile({ fileToken: grant.token, previewRows: PREVIEW_ROWS }).then(showPreview);
    });
  }, [dropped?.seq]); // a new drop (seq) is the only trigger

  const generic = readsGeneric(preview, format);
  const sliceChecked = filterFromFields(slice);
  const checked = generic ? checkMapping(mapping) : null;

  /** The mapping as the user edits it: an earlier export no longer matches it. */
  function editMapping(next: MappingDraft) {
    setExportedTo(null);
    setMapping(next);
  }

  function loadSaved(name: string) {
    setExportedTo(null);
    if (!preview) return;
    if (!name) {
      setMapping(emptyMapping(preview.header, preview.rows));
      setMappingNote(null);
      return;
    }
    const saved = savedMappings.find((m) => m.name === name);
    if (!saved) return;
    const missing = missingMappingColumns(preview.header, saved.mapping);
    setMapping(draftFromMapping(preview.header, saved.mapping, saved.name));
    setMappingNote(
      missing.length > 0
        ? `“${name}” names column(s) this file lacks: ${missing.join(', ')}. Choose them again below.`
        : `Saved mapping “${name}” loaded.`,
    );
  }

  async function saveMapping(): Promise<ColumnMapping | null> {
    if (!checked?.ok || !mapping.saveAs.trim()) return null;
    const saved = await api.budget.saveMapping({ name: mapping.saveAs.trim(), mapping: checked.mapping });
    if (!saved.ok) {
      setError(saved.error);
      return null;
    }
    await refreshMappings();
    setMappingNote(
      `Saved as “${saved.value.name}”: the next file with these columns gets it automatically; export it for \`gpu-planner import FILE --mapping\`.`,
    );
    return saved.value.mapping;
  }

  async function exportMapping() {
    const name = mapping.saveAs.trim();
    if (!name) return;
    if (!(await saveMapping())) return;
    const r = await api.budget.exportMapping({ name });
    if (!r.ok) return setError(r.error);
    if (r.value.file) setExportedTo(r.value.file);
  }

  async function start(skipInvalid = false) {
    if (!preview?.fileToken) return;
    const request: Parameters<typeof api.budget.importFile>[0] = {
      fileToken: preview.fileToken,
      format: generic ? 'generic' : format,
      skipInvalid,
    };
    if (!sliceChecked.ok) return;
    if (sliceChecked.filter) request.filter = sliceChecked.filter;
    if (generic) {
      if (!checked?.ok) return;
      request.mapping = checked.mapping;
      if (mapping.saveAs.trim() && !(await saveMapping())) return;
    }
    setPhase('running');
    startedAt.current = Date.now();
    setProgress({ bytesRead: 0, totalBytes: preview.bytes, rowsRead: 0, startedAt: startedAt.current, at: startedAt.current });
    setError(null);
    setDropMessage(null);
    const r = await api.budget.importFile(request);
    if (r.ok) {
      setResult(r.value);
      setPhase('done');
      onImported();
    } else if (r.error.code === 'IMPORT_CANCELLED' || r.error.code === 'CANCELLED') {
      setError({ ...r.error, message: 'Import cancelled: nothing was imported, the database is as it was.' });
      setPhase('preview');
    } else {
      setError(r.error);
      setPhase('failed');
    }
  }

  /** From the errors of a refused file back to its preview. */
  function back() {
    setError(null);
    setPhase('preview');
  }

  return {
    phase,
    preview,
    format,
    setFormat,
    mapping,
    editMapping,
    savedMappings,
    mappingNote,
    exportedTo,
    progress,
    result,
    error,
    dropMessage,
    generic,
    checked,
    slice,
    setSlice,
    sliceChecked,
    choose,
    loadSaved,
    saveMapping,
    exportMapping,
    start,
    back,
    cancel: () => void api.budget.cancelImport({}),
  };
}

export type ImportFlow = ReturnType<typeof useImportFlow>;
