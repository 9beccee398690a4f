/** The gpu-planner command line: argument dispatch over the same services as the app (docs/cli.md). */
import { isUserError, serializeError } from '../../shared/domain/errors';
import { APP_VERSION } from '../app-version';
import { asksForHelp, commandHelpText, splitLeadingOptions, topLevelHelpText, usageEntries, type CommandHelp } from './cli-help';
import { EXIT_OK, EXIT_USAGE, EXIT_USER_ERROR, UsageError, type CliIo } from './cli-io';
import { runBudgetCommand, USAGE as BUDGET_USAGE } from './commands/budget';
import { runClaimsCommand, USAGE as CLAIMS_USAGE } from './commands/claims';
import { runCatalogCommand, USAGE as CATALOG_USAGE } from './commands/catalog';
import { runCreditsCommand, USAGE as CREDITS_USAGE } from './commands/credits';
import { runEstimateCommand, USAGE as ESTIMATE_USAGE } from './commands/estimate';
import { runFxCommand, USAGE as FX_USAGE } from './commands/fx';
import { runPlanCommand, USAGE as PLAN_USAGE } from './commands/plan';
import { runProjectCommand, USAGE as PROJECT_USAGE } from './commands/project';
import { runReportCommand, USAGE as REPORT_USAGE } from './commands/report';
import { runRunCommand, USAGE as RUN_USAGE } from './commands/run';
import { runServeCommand, SERVE_USAGE } from './commands/serve';
import { runSettingsCommand, USAGE as SETTINGS_USAGE } from './commands/settings';
import { runSourceCommand, USAGE as SOURCE_USAGE } from './commands/source';

/** Every command: what runs it, what it is for, and its usage (the command module's own text). */
const commands: Record<string, CommandHelp & { run: (args: string[], io: CliIo) => Promise<number> }> = {
  catalog: {
    run: runCatalogCommand,
    summary: 'the GPUs and the offerings that rent or sell them, with dated prices',
    usage: CATALOG_USAGE,
  },
  estimate: { run: runEstimateCommand, summary: 'memory, time and cost of a training workload on every offering', usage: ESTIMATE_USAGE },
  plan: { run: runPlanCommand, summary: "a project's plan: weekly bookings, costs, problems; run-rates; the optimizer", usage: PLAN_USAGE },
  run: {
    run: runRunCommand,
    summary: "your own finished runs (typed or from a trainer's file) and the corrections they make to the plan's estimates",
    usage: RUN_USAGE,
  },
  project: { run: runProjectCommand, summary: 'projects: list, create, show, budget, plan files', usage: PROJECT_USAGE },
  import: {
    run: (args, io) => runBudgetCommand(['import', ...args], io),
    summary: 'import a billing export (FOCUS, AWS CUR, Azure, GCP, OCI, any CSV by mapping)',
    usage: usageOf(BUDGET_USAGE, 'import'),
  },
  spend: {
    run: (args, io) => runBudgetCommand(['spend', ...args], io),
    summary: 'actual spend, grouped',
    usage: usageOf(BUDGET_USAGE, 'spend'),
  },
  claims: {
    run: runClaimsCommand,
    summary: "the source documents' claims: quote, verdict, the author's and the app's figure, basis, inputs",
    usage: CLAIMS_USAGE,
  },
  credits: { run: runCreditsCommand, summary: 'cloud credits and grants', usage: CREDITS_USAGE },
  fx: { run: runFxCommand, summary: 'exchange rates (bundled ECB reference rates and your own)', usage: FX_USAGE },
  source: { run: runSourceCommand, summary: 'folders of billing exports kept in sync', usage: SOURCE_USAGE },
  settings: { run: runSettingsCommand, summary: "the estimator's and the plan's settings", usage: SETTINGS_USAGE },
  'export-pdf': { run: runReportCommand, summary: "the review PDF of a project's plan", usage: REPORT_USAGE },
  serve: {
    run: (args, io) => runServeCommand(args, io),
    summary: 'the app in your browser on http://127.0.0.1 (port N, default any free one) until Ctrl+C, for machines without Electron',
    usage: SERVE_USAGE,
  },
};

/** The lines of a shared usage text that belong to one command (`import` and `spend` share budget.ts's). */
function usageOf(usage: string, name: string): string {
  return usageEntries(usage)
    .entries.filter((e) => e.startsWith(`gpu-planner ${name}`))
    .join('\n');
}

const help = () => topLevelHelpText(commands);

export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const leading = splitLeadingOptions(argv);
  if (leading.error) {
    io.stderr(`gpu-planner: ${leading.error}\n\n${help()}`);
    return EXIT_USAGE;
  }
  if (leading.global.version) {
    io.stdout(`gpu-planner ${APP_VERSION}\n`);
    return EXIT_OK;
  }
  const [name, ...rest] = leading.argv;
  if (!name || name === 'help' || leading.global.help) {
    const [topic, ...topicArgs] = !name || name === 'help' ? rest : [name, ...rest];
    if (topic && commands[topic]) {
      io.stdout(commandHelpText(topic, topicArgs, commands[topic]));
      return EXIT_OK;
    }
    // Asked for (`--help`, `help`): the help and exit 0; nothing at all: a usage error, the help on stderr.
    if (!name && !leading.global.help) {
      io.stderr(help());
      return EXIT_USAGE;
    }
    io.stdout(help());
    return EXIT_OK;
  }
  const command = commands[name];
  if (!command) {
    io.stderr(`gpu-planner: unknown command "${name}"\n\n${help()}`);
    return EXIT_USAGE;
  }
  if (asksForHelp(rest)) {
    io.stdout(commandHelpText(name, rest, command));
    return EXIT_OK;
  }
  try {
    return await command.run(rest, io);
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
