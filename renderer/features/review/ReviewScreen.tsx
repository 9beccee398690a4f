import { ScreenPlaceholder } from '../../ui/ScreenPlaceholder';

export function ReviewScreen() {
  return <ScreenPlaceholder title="Review" description="The plan as a PDF for review (cover, summary, milestones, timeline, costs, budget, assumptions, sources) and CSV exports of every table." />;
}
