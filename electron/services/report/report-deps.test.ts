/** The report service gets what it uses passed in: the PDF renderer it is given, and the budget's errors reach the caller. */
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test-support/test-app';
import type { PdfRenderer, RenderPdfOptions } from './render-pdf';
import { createReportService } from './report.service';

const app = createTestApp({ now: () => new Date('2025-12-20T10:00:00Z') });
afterAll(() => app.dispose());

const { plan, catalog, estimate, budget, settings } = app.services;

describe('report service dependencies', () => {
  it('prints through the renderer it is given, which may call only the report model', async () => {
    const seen: RenderPdfOptions[] = [];
    const pdfRenderer: PdfRenderer = {
      render: async (options) => {
        seen.push(options);
        const model = await options.invoke('report:get-report-model', {});
        const refused = await options.invoke('plan:edit', {});
        return new TextEncoder().encode(`%PDF-1.7\n/Type /Page\n${JSON.stringify({ model: !!model, refused })}`);
      },
      close: async () => {},
    };
    const report = createReportService(app.deps, { plan, catalog, estimate, budget, settings, pdfRenderer });
    const { pdf, pages } = await report.renderPdf({ pageSize: 'A4' });
    expect(seen).toHaveLength(1);
    expect(seen[0]?.pageSize).toBe('A4');
    expect(pages).toBe(1);
    expect(new TextDecoder().decode(pdf)).toContain('"code":"FORBIDDEN"');
  });

  it("a failing budget overview fails the report instead of reading as 'no billing data'", async () => {
    const broken = {
      ...budget,
      getOverview: async () => {
        throw new Error('budget database is locked');
      },
    };
    const pdfRenderer: PdfRenderer = { render: async () => new Uint8Array(), close: async () => {} };
    const report = createReportService(app.deps, { plan, catalog, estimate, budget: broken, settings, pdfRenderer });
    await expect(report.getReportModel({})).rejects.toThrow('budget database is locked');
  });

  it('a failing spend summary fails the spend table instead of returning no rows', async () => {
    const broken = {
      ...budget,
      spendSummary: () => {
        throw new Error('spend query failed');
      },
    };
    const pdfRenderer: PdfRenderer = { render: async () => new Uint8Array(), close: async () => {} };
    const report = createReportService(app.deps, { plan, catalog, estimate, budget: broken, settings, pdfRenderer });
    await expect(report.table({ table: 'spend', groupBy: 'month' })).rejects.toThrow('spend query failed');
  });
});
