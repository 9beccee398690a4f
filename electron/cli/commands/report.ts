import fs from 'node:fs';
import path from 'node:path';
import { UserError } from '../../../shared/domain/errors';
import { REPORT_SECTION_IDS, type ReportSectionId } from '../../../shared/domain/report/report-model';
import { EXIT_OK, parseCommandArgs, printJson, UsageError, type CliIo } from '../cli-io';
import { openCliServices } from '../cli-services';
import { reviewPdfFileName } from '../../../shared/domain/project/file-names';

const isFolder = (p: string) => fs.existsSync(p) && fs.statSync(p).isDirectory();

export const USAGE =
  'usage: gpu-planner export-pdf [--out FILE|FOLDER] [--project ID] [--scenario ID] [--page A4|Letter] [--sections a,b,…] [--db PATH] [--json]\n' +
  '  without --out (or with a folder) the file is named after the project: "<project> review <date>.pdf"';

/**
 * `gpu-planner export-pdf [--out FILE] [--project ID]` (docs/cli.md): the review PDF of a project. Without --out, or
 * with a folder, the file is named after the project as the app's save dialog names it (reviewPdfFileName).
 */
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
  const pageSize = values.page === 'A4' || values.page === 'Letter' ? values.page : null;
  if (!pageSize) throw new UsageError(`--page must be A4 or Letter, not "${values.page}"\n${USAGE}`);
  let sections: ReportSectionId[] | undefined;
  if (values.sections) {
    sections = values.sections.split(',').map((s) => s.trim()) as ReportSectionId[];
    const unknown = sections.filter((s) => !REPORT_SECTION_IDS.includes(s));
    if (unknown.length) throw new UsageError(`unknown section(s) ${unknown.join(', ')}; known: ${REPORT_SECTION_IDS.join(', ')}`);
  }
  const given = path.resolve(io.cwd, values.out ?? '.');
  // A folder (the current one without --out) receives the file under the project's name, known once the model is built.
  const folder = !values.out || values.out.endsWith(path.sep) || values.out.endsWith('/') || isFolder(given) ? given : null;
  const parent = folder ?? path.dirname(given);
  if (!isFolder(parent))
    throw new UserError('NO_SUCH_FOLDER', `Cannot write ${given}: the folder ${parent} does not exist.`, {
      file: given,
      field: 'out',
    });
  const app = openCliServices(values, io);
  try {
    const started = performance.now();
    const { pdf, pages, model } = await app.services.report.renderPdf(
      { projectId: values.project, scenarioId: values.scenario, sections, pageSize },
      (_stage, message) => io.stderr(`${message}…\n`),
    );
    const out = folder ? path.join(folder, reviewPdfFileName(model.cover.projectName, model.cover.date)) : given;
    fs.writeFileSync(out, pdf);
    const ms = Math.round(performance.now() - started);
    if (values.json) printJson(io, { file: out, bytes: pdf.byteLength, pages, pageSize, projectId: model.cover.projectId, ms });
    else io.stderr(`Wrote ${out}: ${pages} pages, ${pdf.byteLength} bytes in ${ms} ms\n`);
    return EXIT_OK;
  } finally {
    app.close();
  }
}
