/** The gpu-planner command line: argument dispatch over the same services as the app (spec/cli.md). */
import { isUserError, serializeError } from '../../shared/domain/errors';
import { EXIT_USAGE, EXIT_USER_ERROR, UsageError, type CliIo } from './cli-io';
import { runBudgetCommand } from './commands/budget';
import { runCatalogCommand } from './commands/catalog';
import { runCreditsCommand } from './commands/credits';
import { runEstimateCommand } from './commands/estimate';
import { runFxCommand } from './commands/fx';
import { runPlanCommand } from './commands/plan';
import { runProjectCommand } from './commands/project';
import { runReportCommand } from './commands/report';
import { runServeCommand } from './commands/serve';
import { runSettingsCommand } from './commands/settings';
import { runSourceCommand } from './commands/source';

const HELP = `gpu-planner — plan GPU training from the command line

  gpu-planner catalog gpus|offerings [--json]
  gpu-planner estimate --workload FILE [--gpu ID]... [--json]
  gpu-planner estimate buy-vs-rent (--workload FILE | --saved ID) --machine OFFERING_ID [--runs N] [--start YYYY-MM] [--json]
  gpu-planner settings [--electricity USD_PER_KWH] [--lifetime YEARS] [--hours-per-year H] [--reset] [--json]
  gpu-planner plan show [--project ID] [--json]
  gpu-planner project list [--json]
  gpu-planner project new --name NAME --start DATE --end DATE --currency CODE --budget AMOUNT [--track NAME --owner NAME] [--json]
  gpu-planner project export [--project ID] [--with-spend] --out FILE
  gpu-planner project import FILE [--into PROJECT_ID] [--json]
  gpu-planner import FILE [--format auto|focus|aws-cur|aws-cost-explorer|azure|gcp|generic] [--mapping FILE] [--skip-invalid] [--json]
  gpu-planner spend [--by month|week|track|provider|service] [--json]
  gpu-planner credits [--project ID] [--json] | credits add (--preset KEY | --provider ID --name N --amount X --expires DATE --source S) --granted DATE | credits remove ID
  gpu-planner fx list [--all] [--currency CODE] | fx add FROM TO RATE --as-of DATE --source S | fx import FILE | fx rate FROM TO [--on DATE]
  gpu-planner source add FOLDER [--mapping NAME] | source list | source sync [--id N] [--json]
  gpu-planner export-pdf --out FILE [--project ID]
  gpu-planner serve [--port N] [--open]       the app in your browser (machines without Electron)

Every command takes --db PATH (or $GPU_PLANNER_DB); without it, the app's own database.
Exit status: 0 success, 1 user error, 2 usage error.
`;

const commands: Record<string, (args: string[], io: CliIo) => Promise<number>> = {
  catalog: runCatalogCommand,
  estimate: runEstimateCommand,
  plan: runPlanCommand,
  project: runProjectCommand,
  import: (args, io) => runBudgetCommand(['import', ...args], io),
  spend: (args, io) => runBudgetCommand(['spend', ...args], io),
  'export-pdf': runReportCommand,
  serve: (args, io) => runServeCommand(args, io),
  source: runSourceCommand,
  settings: runSettingsCommand,
  credits: runCreditsCommand,
  fx: runFxCommand,
};

export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    (name ? io.stdout : io.stderr)(HELP);
    return name ? 0 : EXIT_USAGE;
  }
  const command = commands[name];
  if (!command) {
    io.stderr(`gpu-planner: unknown command "${name}"\n\n${HELP}`);
    return EXIT_USAGE;
  }
  try {
    return await command(rest, io);
  } catch (error) {
    if (error instanceof UsageError || (error instanceof TypeError && /ERR_PARSE_ARGS/.test(String((error as { code?: string }).code)))) {
      io.stderr(`gpu-planner: ${error.message}\n`);
      return EXIT_USAGE;
    }
    if (isUserError(error)) {
      const e = serializeError(error);
      // The path is said once: not as a prefix when the message already names it.
      const file = e.details?.file && !e.message.includes(e.details.file) ? e.details.file : undefined;
      const where = e.details ? [file, e.details.line, e.details.column].filter((x) => x !== undefined).join(':') : '';
      io.stderr(`gpu-planner: ${where ? `${where}: ` : ''}${e.message}\n`);
      for (const p of e.details?.problems ?? [])
        io.stderr(`  ${[p.line, p.column].filter((x) => x !== undefined).join(':')}${p.field ? ` ${p.field}` : ''}: ${p.message}\n`);
      return EXIT_USER_ERROR;
    }
    io.stderr(`gpu-planner: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    return EXIT_USER_ERROR;
  }
}
