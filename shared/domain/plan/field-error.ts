/**
 * A refused field (entity, id, field, what is expected) and the date-range check every editor's validation shares: their
 * own module, so plan/validation.ts and data-costs/validation.ts do not import each other.
 */
import { isPlausibleDay, MAX_YEAR, MIN_YEAR } from '../field-bounds';

export interface FieldError {
  entity: string;
  id: string;
  field: string;
  message: string;
  value?: string;
}

export function dateRange(out: FieldError[], entity: string, id: string, start: string, end: string, prefix = ''): void {
  const inRange = `between ${MIN_YEAR} and ${MAX_YEAR}`;
  if (!isPlausibleDay(start))
    out.push({ entity, id, field: `${prefix}start`, message: `A start date as YYYY-MM-DD, ${inRange}.`, value: start });
  if (!isPlausibleDay(end)) out.push({ entity, id, field: `${prefix}end`, message: `An end date as YYYY-MM-DD, ${inRange}.`, value: end });
  if (isPlausibleDay(start) && isPlausibleDay(end) && end < start)
    out.push({ entity, id, field: `${prefix}end`, message: `The end (${end}) is before the start (${start}).`, value: end });
}
