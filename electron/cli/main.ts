/** Entry point of the built CLI (dist/cli/gpu-planner.cjs). */
import { runCli } from './gpu-planner';

// Output piped into a reader that stops early (`gpu-planner catalog gpus | head`): stop quietly, as Unix tools do,
// instead of an unhandled EPIPE with a stack trace.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

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
