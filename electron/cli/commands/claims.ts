/**
 * `gpu-planner claims [--document NNN] [--json]` (`--seed` is the same flag): every claim of the source documents
 * with its quote, verdict, the author's and the app's figure (computed now), the basis and the inputs.
 */
import { EXIT_OK, EXIT_USER_ERROR, parseCommandArgs, printJson, UsageError, type CliIo } from '../cli-io';
import { openCliServices } from '../cli-services';
import { documentLines, verdictCountsText, verdictWords } from '../../../shared/domain/claims/claim-words';
import { plural } from '../../../shared/domain/count-words';

export const USAGE = 'usage: gpu-planner claims [--document NNN] [--seed NNN] [--db PATH] [--json]';

export async function runClaimsCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(
    args,
    { db: { type: 'string' }, json: { type: 'boolean', default: false }, document: { type: 'string' }, seed: { type: 'string' } },
    USAGE,
  );
  if (positionals.length > 0) throw new UsageError(USAGE);
  const document = values.document ?? values.seed;
  const app = openCliServices(values, io);
  try {
    const r = await app.handlers.invoke('plan:list-source-documents', document === undefined ? {} : { document });
    if (!r.ok) {
      io.stderr(`gpu-planner claims: ${r.error.message}\n`);
      return EXIT_USER_ERROR;
    }
    if (values.json) {
      printJson(io, r.value);
      return EXIT_OK;
    }
    const lines: string[] = [`Rule: ${r.value.rule}.`];
    for (const d of r.value.documents) {
      const counts = verdictCountsText(d.counts);
      lines.push(
        '',
        `${d.number} “${d.title}”${d.projectName ? ` — example project ${d.projectName}` : ' — no project'}: ${plural(d.claims.length, 'claim')} (${counts})`,
      );
      for (const c of d.claims) {
        const e = c.evaluation;
        lines.push(`  [${verdictWords(e.verdict)}] “${c.quote}”${c.lines.length ? ` (${documentLines(c.lines)})` : ''}`);
        lines.push(`    author: ${e.authorText}; app: ${e.appText}`, `    basis: ${e.basis}`, `    inputs: ${c.inputs}`);
      }
    }
    io.stdout(`${lines.join('\n')}\n`);
    return EXIT_OK;
  } finally {
    app.close();
  }
}
