/** The recorded-runs dialogs, wherever they were opened from (a milestone, the Estimate screen, an estimate's correction). */
import { RecordedRunsDialog } from './RecordedRunsDialog';
import { RecordRunDialog } from './RecordRunDialog';
import { useRuns } from './store';

export function RunsDialogs() {
  const dialog = useRuns((s) => s.dialog);
  if (!dialog) return null;
  return dialog.kind === 'record' ? <RecordRunDialog target={dialog.target} /> : <RecordedRunsDialog focus={dialog.focus} />;
}
