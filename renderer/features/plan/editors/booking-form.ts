/**
 * The Booking panel's own checks, all at once and in words, before anything is sent: an empty "Hours this week" is
 * an error (not 0), as are negative or fractional GPU counts and hours past a week's 168. Pure, unit-tested.
 */
import { parseNumber } from '../../../ui/Field';

export interface BookingFormText {
  offeringId: string;
  gpuCount: string;
  hours: string;
}

export const WEEK_HOURS = 168;

export function bookingFormErrors(form: BookingFormText): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!form.offeringId) errors.offeringId = 'Choose the offering to book.';
  const gpus = parseNumber(form.gpuCount);
  if (form.gpuCount.trim() === '') errors.gpuCount = 'Enter how many GPUs to book (1 or more).';
  else if (gpus === null) errors.gpuCount = 'The GPU count is a whole number, such as 1 or 8.';
  else if (gpus < 1 || !Number.isInteger(gpus)) errors.gpuCount = 'Book at least 1 GPU, as a whole number.';
  const hours = parseNumber(form.hours);
  if (form.hours.trim() === '') errors.hours = `Enter the hours this week (0 to ${WEEK_HOURS}); an empty field is not 0.`;
  else if (hours === null) errors.hours = 'The hours are a number, such as 40 or 12.5.';
  else if (hours < 0) errors.hours = 'Hours cannot be negative.';
  else if (hours > WEEK_HOURS) errors.hours = `A week has ${WEEK_HOURS} hours; book more GPUs instead.`;
  return errors;
}
