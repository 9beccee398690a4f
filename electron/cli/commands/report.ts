import fs from 'node:fs';
import path from 'node:path';
import { UserError } from '../../../shared/domain/errors';
import { REPORT_SECTION_IDS, type ReportSectionId } from '../../../shared/domain/report/report-model';
import { EXIT_OK, parseCommandArgs, printJson, UsageError, type CliIo } from '../cli-io';
import { openCliServices } from '../cli-services';

export const USAGE =
  'usage: gpu-planner export-pdf --out FILE [--project ID] [--scenario ID] [--page A4|Letter] [--sections a,b,…] [--db PATH] [--json]';

/** `gpu-planner export-pdf --out FILE [--project ID]` (docs/cli.md): the review PDF of a project. */
export async function runReportCommand(args: string[], io: CliIo): Promise<number> {
  const { values } = parseCommandArgs(
    args,
    {
      out: { type: 'string' },
      project: { type: 'string' },
      scenario: { type: 'string' },
      page: { type: 'string', default: 'A4' },
      sections: { type: 'string' },
      db: { type: 'string' },
      json: { type: 'boolean', default: false },
    },
    USAGE,
    { positionals: false },
  );
  if (!values.out) throw new UsageError(`--out FILE is required\n${USAGE}`);
  const pageSize = values.page === 'A4' || values.page === 'Letter' ? values.page : null;
  if (!pageSize) throw new UsageError(`--page must be A4 or Letter, not "${values.page}"\n${USAGE}`);
  let sections: ReportSectionId[] | undefined;
  if (values.sections) {
    sections = values.sections.split(',').map((s) => s.trim()) as ReportSectionId[];
    const unknown = sections.filter((s) => !REPORT_SECTION_IDS.includes(s));
    if (unknown.length) throw new UsageError(`unknown section(s) ${unknown.join(', ')}; known: ${REPORT_SECTION_IDS.join(', ')}`);
  }
  const out = path.resolve(io.cwd, values.out);
  if (!fs.existsSync(path.dirname(out)))
    throw new UserError('NO_SUCH_FOLDER', `Cannot write ${out}: the folder ${path.dirname(out)} does not exist.`, {
      file: out,
      field: 'out',
    });
  const app = openCliServices(values, io);
  try {
    const started = performance.now();
    const { pdf, pages, model } = await app.services.report.renderPdf(
      { projectId: values.project, scenarioId: values.scenario, sections, pageSize },
      (_stage, message) => io.stderr(`${message}…\n`),
    );
    fs.writeFileSync(out, pdf);
    const ms = Math.round(performance.now() - started);
    if (values.json) printJson(io, { file: out, bytes: pdf.byteLength, pages, pageSize, projectId: model.cover.projectId, ms });
    else io.stderr(`Wrote ${out}: ${pages} pages, ${pdf.byteLength} bytes in ${ms} ms\n`);
    return EXIT_OK;
  } finally {
    app.close();
  }
}
