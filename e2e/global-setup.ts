/** Playwright's global setup: one temporary folder for the e2e run (run-temp-dir.ts), removed once every worker stopped. */
import { useRunTempDir } from '../electron/test-support/run-temp-dir';

export default function globalSetup(): () => void {
  return useRunTempDir('gpu-planner-e2e-run-');
}
