import { ScreenPlaceholder } from '../../ui/ScreenPlaceholder';

export function BudgetScreen() {
  return <ScreenPlaceholder title="Budget" description="Budgets per track and period, actual spend imported from billing exports (FOCUS, AWS, Azure, GCP, any CSV), planned vs actual, forecast and alerts." />;
}
