/** Reading a workload file for the CLI: its JSON, or a user error with the line and column of the syntax error. */
import fs from 'node:fs';
import path from 'node:path';
import { UserError } from '../../shared/domain/errors';
import type { CliIo } from './cli-io';

/** Line and column of a JSON syntax error: the shortest prefix that fails for another reason than ending early. */
function jsonErrorPlace(text: string, message: string): { line?: number; column?: number } {
  const at = /position (\d+)/.exec(message);
  if (at) {
    const before = text.slice(0, Number(at[1])).split('\n');
    return { line: before.length, column: before[before.length - 1]!.length + 1 };
  }
  const failsInside = (n: number) => {
    try {
      JSON.parse(text.slice(0, n));
      return false;
    } catch (error) {
      return !/end of (JSON )?input|Unterminated|\bExpected/.test(String(error));
    }
  };
  if (!failsInside(text.length)) return {};
  let lo = 1;
  let hi = text.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (failsInside(mid)) hi = mid;
    else lo = mid + 1;
  }
  const before = text.slice(0, lo - 1).split('\n');
  return { line: before.length, column: before[before.length - 1]!.length + 1 };
}

/** A workload file's JSON, with the line and column of a syntax error. */
export function readWorkloadFile(io: CliIo, file: string): unknown {
  const full = path.resolve(io.cwd, file);
  if (!fs.existsSync(full)) throw new UserError('FILE_NOT_FOUND', `No such workload file: ${file}`, { file });
  const text = fs.readFileSync(full, 'utf8');
  try {
    return JSON.parse(text);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new UserError('INVALID_JSON', `not valid JSON: ${message}`, { file, ...jsonErrorPlace(text, message) });
  }
}
