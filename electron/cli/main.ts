/** Entry point of the built CLI (dist/cli/gpu-planner.cjs). */
import { runCli } from './gpu-planner';

runCli(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  env: process.env,
  cwd: process.cwd(),
}).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`gpu-planner: ${String(error)}\n`);
    process.exitCode = 1;
  },
);
