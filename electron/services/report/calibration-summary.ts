/**
 * The estimation model's calibration, as the report prints it: computed from the live model at report time
 * (shared/estimate/accuracy-summary.ts), never typed by hand.
 */
import { calibrationSummary } from '../../../shared/estimate/accuracy-summary';

export const CALIBRATION = calibrationSummary();
