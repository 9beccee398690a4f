import { create } from 'zustand';
import { REPORT_SECTION_IDS, type ReportModel, type ReportSectionId } from '../../../shared/domain/report/report-model';
import type { ReportTable } from '../../../shared/domain/report/report-tables';
import { api, unwrap } from '../../app/api';
import { currentProject } from '../projects/store';

export type SpendGroupBy = 'month' | 'week' | 'track' | 'provider' | 'service';

interface ReviewState {
  model: ReportModel | null;
  loading: boolean;
  error: string | null;
  scenarioId: string | null;
  sections: ReportSectionId[];
  pageSize: 'A4' | 'Letter';
  exporting: boolean;
  progress: { done: number; total: number; message: string } | null;
  lastExport: string | null;
  csvTable: ReportTable;
  csvGroupBy: SpendGroupBy;
  csvBom: boolean;
  csvResult: string | null;
  load(): Promise<void>;
  setScenario(id: string | null): void;
  toggleSection(id: ReportSectionId): void;
  setPageSize(size: 'A4' | 'Letter'): void;
  exportPdf(): Promise<void>;
  setCsv(patch: Partial<Pick<ReviewState, 'csvTable' | 'csvGroupBy' | 'csvBom'>>): void;
  exportCsv(): Promise<void>;
  onProgress(p: { done: number; total: number; message: string }): void;
}

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

export const useReview = create<ReviewState>((set, get) => ({
  model: null,
  loading: false,
  error: null,
  scenarioId: null,
  sections: [...REPORT_SECTION_IDS],
  pageSize: 'A4',
  exporting: false,
  progress: null,
  lastExport: null,
  csvTable: 'allocations',
  csvGroupBy: 'month',
  csvBom: false,
  csvResult: null,
  load: async () => {
    const { scenarioId, sections } = get();
    set({ loading: true, error: null });
    try {
      const model = await unwrap(api.report.getReportModel({ ...currentProject(), ...(scenarioId ? { scenarioId } : {}), sections }));
      set({ model, loading: false });
    } catch (e) {
      set({ error: message(e), loading: false });
    }
  },
  setScenario: (id) => {
    set({ scenarioId: id });
    void get().load();
  },
  toggleSection: (id) => {
    const current = get().sections;
    const next = current.includes(id) ? current.filter((s) => s !== id) : REPORT_SECTION_IDS.filter((s) => s === id || current.includes(s));
    if (next.length === 0) return;
    set({ sections: next });
    void get().load();
  },
  setPageSize: (pageSize) => set({ pageSize }),
  exportPdf: async () => {
    const { scenarioId, sections, pageSize } = get();
    set({ exporting: true, error: null, progress: { done: 0, total: 5, message: 'Choosing where to save' }, lastExport: null });
    try {
      const result = await unwrap(api.report.exportPdf({ ...currentProject(), ...(scenarioId ? { scenarioId } : {}), sections, pageSize }));
      set({
        lastExport: result.file
          ? `Saved ${result.file} (${result.pages ?? '?'} pages, ${Math.round(result.bytes / 1024)} KB, ${(result.ms / 1000).toFixed(1)} s)`
          : 'Export cancelled.',
      });
    } catch (e) {
      set({ error: message(e) });
    } finally {
      set({ exporting: false, progress: null });
    }
  },
  setCsv: (patch) => set({ ...patch, csvResult: null }),
  exportCsv: async () => {
    const { csvTable, csvGroupBy, csvBom } = get();
    try {
      const result = await unwrap(
        api.report.exportCsv({
          ...currentProject(),
          table: csvTable,
          ...(csvTable === 'spend' ? { groupBy: csvGroupBy } : {}),
          options: { bom: csvBom },
        }),
      );
      set({ csvResult: result.file ? `Saved ${result.file} (${result.rows} rows)` : 'Export cancelled.' });
    } catch (e) {
      set({ csvResult: `Export failed: ${message(e)}` });
    }
  },
  onProgress: (p) => set({ progress: p }),
}));
