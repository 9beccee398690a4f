/**
 * The print view, opened by URL hash (`index.html#print?project=…&scenario=…&sections=a,b&page=A4`): the report
 * alone, with print CSS. Sets `document.body.dataset.printReady = 'true'` once everything is rendered (or 'error').
 */
import { useEffect, useState } from 'react';
import { REPORT_SECTION_IDS, type ReportModel, type ReportSectionId } from '../../../../shared/domain/report/report-model';
import { api, unwrap } from '../../../app/api';
import { ReportDocument } from './ReportDocument';
import './print.css';

export interface PrintParams {
  projectId?: string;
  scenarioId?: string;
  sections?: ReportSectionId[];
  pageSize: 'A4' | 'Letter';
}

export function parsePrintHash(hash: string): PrintParams | null {
  const match = /^#print(?:\?(.*))?$/.exec(hash);
  if (!match) return null;
  const params = new URLSearchParams(match[1] ?? '');
  const sections = (params.get('sections') ?? '')
    .split(',')
    .filter((s): s is ReportSectionId => (REPORT_SECTION_IDS as string[]).includes(s));
  return {
    ...(params.get('project') ? { projectId: params.get('project')! } : {}),
    ...(params.get('scenario') ? { scenarioId: params.get('scenario')! } : {}),
    ...(sections.length ? { sections } : {}),
    pageSize: params.get('page') === 'Letter' ? 'Letter' : 'A4',
  };
}

export function PrintView({ params }: { params: PrintParams }) {
  const [model, setModel] = useState<ReportModel | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    document.body.classList.add('rp-print');
    document.title = 'GPU plan review';
    const style = document.createElement('style');
    style.textContent = `@page { size: ${params.pageSize}; }`;
    document.head.appendChild(style);
    unwrap(
      api.report.getReportModel({
        ...(params.projectId ? { projectId: params.projectId } : {}),
        ...(params.scenarioId ? { scenarioId: params.scenarioId } : {}),
        ...(params.sections ? { sections: params.sections } : {}),
      }),
    )
      .then(setModel)
      .catch((e: unknown) => {
        const message = e instanceof Error ? e.message : String(e);
        setError(message);
        document.body.dataset.printError = message;
        document.body.dataset.printReady = 'error';
      });
    return () => style.remove();
  }, [params.projectId, params.scenarioId, params.sections, params.pageSize]);

  useEffect(() => {
    if (!model) return;
    document.title = model.title;
    let cancelled = false;
    void document.fonts.ready.then(() =>
      requestAnimationFrame(() =>
        requestAnimationFrame(() => {
          if (!cancelled) document.body.dataset.printReady = 'true';
        }),
      ),
    );
    return () => {
      cancelled = true;
    };
  }, [model]);

  if (error)
    return (
      <p className="rp-error" role="alert">
        The report could not be built: {error}
      </p>
    );
  if (!model) return <p className="rp-loading">Building the report…</p>;
  return <ReportDocument model={model} />;
}
