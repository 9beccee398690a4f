/** vitest's global setup: one temporary folder for the run (run-temp-dir.ts), removed when it ends. */
import { useRunTempDir } from './run-temp-dir';

export default function globalSetup(): () => void {
  return useRunTempDir('gpu-planner-vitest-run-');
}
