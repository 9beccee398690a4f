import { describe, expect, it } from 'vitest';
import { applyCredits, CREDIT_PRESETS, providerIdOfLine, type BudgetCredit, type SpendEvent } from './credits';

// Seed 003: "Sign up for free account (includes $200 credit for 30 days)", NC6s v3 at $3.06/h pay-as-you-go.
const azureTrial: BudgetCredit = {
  id: 1,
  projectId: 'p',
  providerId: 'azure',
  name: 'Azure free account credit',
  amount: '200',
  currency: 'USD',
  grantedOn: '2025-12-01',
  expiresOn: '2025-12-30',
  source: 'seed 003',
  notes: null,
};
const opts = { currency: 'USD', today: '2025-12-10', forecast: '615.00', horizonEnd: '2026-02-28' };
const ev = (date: string, providerId: string | null, amount: string, kind: SpendEvent['kind'] = 'actual'): SpendEvent => ({
  date,
  providerId,
  amount,
  kind,
});

describe('credits as dated budget offsets', () => {
  it('pay Azure spend until they run out: 24 h of NC6s v3 ($73.44/day) for 3 days = $220.32, the credit covers $200', () => {
    const s = applyCredits(
      [azureTrial],
      [ev('2025-12-02', 'azure', '73.44'), ev('2025-12-03', 'azure', '73.44'), ev('2025-12-04', 'azure', '73.44')],
      opts,
    );
    expect(s.credits[0]).toMatchObject({ usedActual: '200.00', remaining: '0.00', status: 'used-up', lostAtExpiry: '0.00' });
    expect(s.applied).toBe('200.00');
    expect(s.forecastAfter).toBe('415.00');
  });

  it('cover only their provider and their dates; what is left at expiry is lost', () => {
    const s = applyCredits(
      [azureTrial],
      [
        ev('2025-11-30', 'azure', '50'), // before the grant
        ev('2025-12-05', 'aws', '80'), // another provider
        ev('2025-12-08', 'azure', '30.60'), // 10 h × $3.06
        ev('2025-12-22', 'azure', '61.20', 'planned'), // a planned week (Monday)
        ev('2026-01-05', 'azure', '100', 'planned'), // after the expiry
      ],
      opts,
    );
    expect(s.credits[0]).toMatchObject({
      usedActual: '30.60',
      usedPlanned: '61.20',
      remaining: '108.20',
      lostAtExpiry: '108.20',
      status: 'active',
    });
    expect(s).toMatchObject({ appliedActual: '30.60', appliedPlanned: '61.20', applied: '91.80', forecastAfter: '523.20' });
  });

  it('the soonest-expiring credit pays first; a credit for any provider takes what is left; other currencies are not applied', () => {
    const any: BudgetCredit = { ...azureTrial, id: 2, providerId: null, name: 'grant', amount: '100', expiresOn: '2026-06-30' };
    const eur: BudgetCredit = { ...azureTrial, id: 3, currency: 'EUR', name: 'euro credit' };
    const s = applyCredits([any, azureTrial, eur], [ev('2025-12-02', 'azure', '250'), ev('2025-12-03', 'lambda', '20')], opts);
    expect(s.credits.map((c) => [c.name, c.usedActual, c.remaining, c.applied])).toEqual([
      ['grant', '70.00', '30.00', true],
      ['Azure free account credit', '200.00', '0.00', true],
      ['euro credit', '0.00', '200.00', false],
    ]);
    expect(s.basis).toContain('Not applied (another currency than USD): euro credit (EUR)');
  });

  it('status by today: not yet granted, expired', () => {
    expect(applyCredits([azureTrial], [], { ...opts, today: '2025-11-20' }).credits[0]!.status).toBe('not-started');
    expect(applyCredits([azureTrial], [], { ...opts, today: '2026-01-02' }).credits[0]!.status).toBe('expired');
  });

  it('billing providers map to catalog providers', () => {
    const providers = [{ id: 'lambda', name: 'Lambda' }];
    expect(providerIdOfLine('Microsoft', providers)).toBe('azure');
    expect(providerIdOfLine('AWS', providers)).toBe('aws');
    expect(providerIdOfLine('Google Cloud', providers)).toBe('gcp');
    expect(providerIdOfLine('Google Colab', providers)).toBe('google-colab');
    expect(providerIdOfLine('Lambda Labs', providers)).toBe('lambda');
    expect(providerIdOfLine('', providers)).toBeNull();
    expect(providerIdOfLine('Oracle', providers)).toBeNull();
  });

  it("presets carry the seeds' terms", () => {
    expect(CREDIT_PRESETS.find((p) => p.key === 'azure-free-trial')).toMatchObject({ amount: '200', days: 30, providerId: 'azure' });
  });
});
