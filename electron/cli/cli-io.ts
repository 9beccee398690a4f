import { parseArgs, type ParseArgsConfig } from 'node:util';

type ParseArgsOptionsConfig = NonNullable<ParseArgsConfig['options']>;

/** Where a CLI command writes: stdout gets exactly one JSON document with --json; progress and logs go to stderr. */
export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  env: Record<string, string | undefined>;
  cwd: string;
}

export const EXIT_OK = 0;
export const EXIT_USER_ERROR = 1;
export const EXIT_USAGE = 2;

export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

export function printJson(io: CliIo, value: unknown): void {
  io.stdout(`${JSON.stringify(value, null, 2)}\n`);
}

/** A list: with --json one document `{ [key]: rows }`, else one line a row. */
export function printList<T>(io: CliIo, json: boolean, key: string, rows: T[], line: (row: T) => string): void {
  if (json) printJson(io, { [key]: rows });
  else for (const row of rows) io.stdout(`${line(row)}\n`);
}

export type { ParseArgsOptionsConfig };

/** A subcommand's own flags plus --db, --json and --project, which every subcommand of a project-scoped command takes. */
export function parseProjectCommandArgs<const O extends ParseArgsOptionsConfig>(args: string[], options: O, usage: string) {
  return parseCommandArgs(
    args,
    { db: { type: 'string' }, json: { type: 'boolean', default: false }, project: { type: 'string' }, ...options },
    usage,
  );
}

/**
 * Parses a command's flags and positionals; an unknown or malformed flag (or a positional where the command takes
 * none: `positionals: false`) is a usage error (exit 2) with the usage.
 */
export function parseCommandArgs<const O extends ParseArgsOptionsConfig>(
  args: string[],
  options: O,
  usage: string,
  { positionals = true }: { positionals?: boolean } = {},
) {
  try {
    return parseArgs({ args, options, allowPositionals: positionals, strict: true });
  } catch (error) {
    throw new UsageError(`${error instanceof Error ? error.message : String(error)}\n${usage}`);
  }
}
