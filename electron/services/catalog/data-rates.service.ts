/**
 * Storage and data-transfer prices (issue 19 item 15): the catalog's dated rows per provider, listed and edited like
 * GPU prices. A plan's storage and transfer lines are priced from these rows (plan.service's catalog).
 */
import { UserError } from '../../../shared/domain/errors';
import { tiersProblem } from '../../../shared/domain/data-costs/rate-schema';
import type { ParsedRequest } from '../../../shared/ipc/contract';
import * as q from '../../db/queries/data-rates';
import type { ServiceDeps } from '../service-deps';

export type DataRatesService = ReturnType<typeof createDataRatesService>;

export function createDataRatesService(deps: ServiceDeps) {
  const { db } = deps;

  function listDataRates(): q.StoredDataRate[] {
    return q.selectDataRates(db);
  }

  /** A newer price for one row, checked at its fields: its kind of price, tiers that go up, a day that has come. */
  function updateDataRate(change: ParsedRequest<'catalog:update-data-rate'>): q.StoredDataRate {
    const current = q.selectDataRate(db, change.id);
    if (!current)
      throw new UserError('NOT_FOUND', `No storage or transfer price "${change.id}" in the catalog.`, { field: 'id', value: change.id });
    if (current.category === 'storage' && (change.usd === null || change.tiers !== null))
      throw new UserError(
        'INVALID_PRICE',
        `${current.sku} is priced ${current.unit === 'disk-month' ? 'per disk per month' : 'per GB-month'}: enter that price.`,
        {
          field: 'usd',
          expected: 'a price such as 0.023, and no tiers',
        },
      );
    if (current.category === 'transfer') {
      if (change.tiers === null || change.usd !== null)
        throw new UserError('INVALID_PRICE', `${current.sku} is priced per GB sent, by monthly tiers: enter the tiers.`, {
          field: 'tiers',
          expected: 'one or more tiers, the last without an upper bound',
        });
      const problem = tiersProblem(change.tiers);
      if (problem) throw new UserError('INVALID_PRICE', `The tiers of ${current.sku}: ${problem}.`, { field: 'tiers', expected: problem });
    }
    const today = deps.now().toISOString().slice(0, 10);
    if (change.asOf > today)
      throw new UserError('FUTURE_DATE', `The price is dated ${change.asOf}, after today (${today}); enter the day the price was seen.`, {
        field: 'asOf',
        value: change.asOf,
        expected: `a date on or before ${today}`,
      });
    q.updateDataRatePrice(db, change.id, change);
    return q.selectDataRate(db, change.id)!;
  }

  return { listDataRates, updateDataRate };
}
