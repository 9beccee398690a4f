/**
 * Forms to add, edit and delete the plan's tracks, milestones, capacity pools and the project (editors/). Every save
 * is one `plan:edit` command (validated in main, saved atomically, undoable); a refused save leaves the dialog open
 * with the main process's message at the field and nothing saved.
 */
import type { EditorProps } from './editors/editor-parts';
import { DataCostForm } from './editors/DataCostForm';
import { MilestoneForm } from './editors/MilestoneForm';
import { PoolForm } from './editors/PoolForm';
import { ProjectForm } from './editors/ProjectForm';
import { TrackForm } from './editors/TrackForm';

export { fieldMessages, type EditorTarget } from './editors/editor-parts';
export { PlanPartsPanel } from './editors/PlanPartsPanel';

/** Opens the right form for the target. */
export function PlanEditor(props: EditorProps) {
  const { target } = props;
  if (target.kind === 'project') return <ProjectForm {...props} />;
  if (target.kind === 'track') return <TrackForm {...props} id={target.id} />;
  if (target.kind === 'pool') return <PoolForm {...props} id={target.id} />;
  if (target.kind === 'dataCost') return <DataCostForm {...props} id={target.id} trackId={target.trackId} />;
  return <MilestoneForm {...props} id={target.id} trackId={target.trackId} />;
}
