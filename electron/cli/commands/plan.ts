import { EXIT_USAGE, type CliIo } from '../cli-io';

/** Owned by the plan domain (see spec/cli.md). */
export async function runPlanCommand(_args: string[], io: CliIo): Promise<number> {
  io.stderr('gpu-planner: this command is not available yet\n');
  return EXIT_USAGE;
}
