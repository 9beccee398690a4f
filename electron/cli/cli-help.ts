/**
 * The CLI's conventions shared by every command: `--help`/`-h` anywhere answers with the command's (or subcommand's)
 * usage and exit 0; `--version`; options every command takes (`--db PATH`) may come before the command's name.
 * The usage texts are the commands' own (each command module's USAGE), so the help never drifts from what parses.
 */

/** A command of the CLI: what it is for, in a line, and its usage text (one or more `gpu-planner …` lines). */
export interface CommandHelp {
  summary: string;
  usage: string;
}

const HELP_FLAGS = new Set(['--help', '-h']);

/** True when the arguments ask for help (before a `--` that ends the options). */
export function asksForHelp(args: readonly string[]): boolean {
  for (const arg of args) {
    if (arg === '--') return false;
    if (HELP_FLAGS.has(arg)) return true;
  }
  return false;
}

/**
 * The usage entries of a usage text: each starts at a line naming `gpu-planner`; the indented lines after it (its
 * wrapped flags) belong to it. "usage:" prefixes and lines that name no command (notes, presets) are kept apart.
 */
export function usageEntries(usage: string): { entries: string[]; notes: string[] } {
  const entries: string[] = [];
  const notes: string[] = [];
  for (const raw of usage.split('\n')) {
    const line = raw.replace(/^usage:\s*/, '').trimEnd();
    if (line.trim() === '' || line.trim() === 'usage:') continue;
    if (/^\s*gpu-planner\s/.test(line)) entries.push(line.trim());
    else if (/^\s+\[/.test(raw) && entries.length > 0) entries[entries.length - 1] += `\n    ${line.trim()}`;
    else notes.push(line.trim());
  }
  return { entries, notes };
}

/**
 * The help of `gpu-planner NAME [SUB] --help`: the subcommand's usage when SUB names one (`plan optimize --help`),
 * else every usage of the command, then its notes.
 */
export function commandHelpText(name: string, args: readonly string[], help: CommandHelp): string {
  const { entries, notes } = usageEntries(help.usage);
  const sub = args.find((a) => !a.startsWith('-'));
  const forSub = sub ? entries.filter((e) => e.startsWith(`gpu-planner ${name} ${sub}`)) : [];
  const shown = forSub.length > 0 ? forSub : entries;
  return [`${help.summary}\n`, 'usage:', ...shown.map((e) => `  ${e}`), ...(notes.length ? ['', ...notes] : []), ''].join('\n');
}

/** The top-level help: every command's usages, from the commands' own usage texts. */
export function topLevelHelpText(commands: Record<string, CommandHelp>): string {
  const lines = ['GPU Planner: plan GPU training from the command line.', ''];
  for (const [name, help] of Object.entries(commands)) {
    lines.push(`${name}: ${help.summary}`);
    for (const entry of usageEntries(help.usage).entries) lines.push(`  ${entry}`);
    lines.push('');
  }
  lines.push(
    'Every command takes --db PATH (or $GPU_PLANNER_DB), before or after its name; without it, the app’s own database.',
    '`gpu-planner COMMAND [SUBCOMMAND] --help` shows one command; `gpu-planner --version` the version.',
    'Exit status: 0 success, 1 user error, 2 usage error.',
    '',
  );
  return lines.join('\n');
}

/** Options that may come before the command's name; they are passed to the command after it. */
const GLOBAL_WITH_VALUE = new Set(['--db']);

/**
 * Splits `gpu-planner [--db PATH] [--version] [--help] COMMAND ARGS…` into the leading options and the command with
 * its arguments; `--db PATH` before the name is moved after it (each command parses --db). An unknown leading
 * option is a usage error.
 */
export function splitLeadingOptions(argv: readonly string[]): {
  global: { version: boolean; help: boolean };
  argv: string[];
  error?: string;
} {
  const global = { version: false, help: false };
  const carried: string[] = [];
  let i = 0;
  for (; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith('-')) break;
    if (arg === '--version' || arg === '-V') global.version = true;
    else if (HELP_FLAGS.has(arg)) global.help = true;
    else if (GLOBAL_WITH_VALUE.has(arg)) {
      const value = argv[i + 1];
      if (value === undefined) return { global, argv: [], error: `${arg} needs a value` };
      carried.push(arg, value);
      i++;
    } else if ([...GLOBAL_WITH_VALUE].some((flag) => arg.startsWith(`${flag}=`))) carried.push(arg);
    else return { global, argv: [], error: `unknown option "${arg}" before the command` };
  }
  const [name, ...rest] = argv.slice(i);
  if (name === undefined) return { global, argv: [] };
  const end = rest.indexOf('--');
  const args = end < 0 ? [...rest, ...carried] : [...rest.slice(0, end), ...carried, ...rest.slice(end)];
  return { global, argv: [name, ...args] };
}
