import { ScreenPlaceholder } from '../../ui/ScreenPlaceholder';

export function PlanScreen() {
  return <ScreenPlaceholder title="Plan" description="Team tracks with owners and milestones, the weekly GPU allocation timeline with capacity, conflicts and cost per week." />;
}
