import type { PageSize } from '../../../shared/ipc/contract/report';
import type { ReportSectionId } from '../../../shared/domain/report/report-model';

/** The hash that opens the print view: `#print?project=…&scenario=…&sections=a,b&page=A4`. */
export function printHash(options: {
  projectId?: string | undefined;
  scenarioId?: string | undefined;
  sections?: ReportSectionId[] | undefined;
  pageSize: PageSize;
}): string {
  const params = new URLSearchParams();
  if (options.projectId) params.set('project', options.projectId);
  if (options.scenarioId) params.set('scenario', options.scenarioId);
  if (options.sections?.length) params.set('sections', options.sections.join(','));
  params.set('page', options.pageSize);
  return `#print?${params.toString()}`;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Chromium's running header and footer (project, date, page X of Y); the same for printToPDF and page.pdf. */
export function headerFooterTemplates(projectName: string, date: string): { headerTemplate: string; footerTemplate: string } {
  const style =
    'font-family: "DejaVu Sans", Arial, sans-serif; font-size: 8px; color: #555; width: 100%; margin: 0 12mm; display: flex; justify-content: space-between;';
  return {
    headerTemplate: `<div style='${style}'><span>${escapeHtml(projectName)}</span><span>GPU plan review</span></div>`,
    footerTemplate: `<div style='${style}'><span>Generated ${escapeHtml(date)} by GPU Planner</span><span>Page <span class="pageNumber"></span> of <span class="totalPages"></span></span></div>`,
  };
}

/** Pages in a PDF written by Chromium (page objects; Chromium does not compress them into object streams). */
export function countPdfPages(pdf: Uint8Array): number {
  const text = Buffer.from(pdf).toString('latin1');
  return (text.match(/\/Type\s*\/Page(?![s\w])/g) ?? []).length;
}
