import { describe, expect, it } from 'vitest';
import { bookingFormErrors } from './booking-form';

describe('the Booking panel checks every field at once, in words (issue 19, item 18)', () => {
  it('an empty "Hours this week" is an error, not 0', () => {
    expect(bookingFormErrors({ offeringId: 'o', gpuCount: '1', hours: '' })).toEqual({
      hours: 'Enter the hours this week (0 to 168); an empty field is not 0.',
    });
    expect(bookingFormErrors({ offeringId: 'o', gpuCount: '1', hours: '0' })).toEqual({});
  });

  it('negative, fractional and non-numeric values, every field at once, never "NaN" or "received"', () => {
    const errors = bookingFormErrors({ offeringId: '', gpuCount: '1.5', hours: '-3' });
    expect(errors).toEqual({
      offeringId: 'Choose the offering to book.',
      gpuCount: 'Book at least 1 GPU, as a whole number.',
      hours: 'Hours cannot be negative.',
    });
    const words = bookingFormErrors({ offeringId: 'o', gpuCount: 'abc', hours: '1e999' });
    expect(Object.keys(words)).toEqual(['gpuCount', 'hours']);
    expect(Object.values(words).join(' ')).not.toMatch(/NaN|Infinity|received|expected/);
    expect(bookingFormErrors({ offeringId: 'o', gpuCount: '2', hours: '169' }).hours).toMatch(/A week has 168 hours/);
  });
});
