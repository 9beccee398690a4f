import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { exampleCliDatabase } from '../../test-support/built-cli';

// The BUILT command, as a user runs it, on a database created (migrated + seeded with the examples) beforehand.
const { cli, dir } = exampleCliDatabase('fx.sqlite');

describe('gpu-planner fx (issue 25 item 1)', () => {
  it('ships the ECB monthly rates: fx list --all --currency GBP shows them with source and date; a cross rate goes through the euro', () => {
    const listed = cli(['fx', 'list', '--all', '--currency', 'GBP', '--json']);
    expect(listed.status, listed.stderr).toBe(0);
    const out = JSON.parse(listed.stdout) as {
      rates: Array<{ from: string; to: string; rate: string; asOf: string; source: string; origin: string }>;
      summary: Array<{ origin: string; count: number; last: string }>;
    };
    expect(out.summary.find((s) => s.origin === 'bundled')).toMatchObject({ last: '2026-04-13' });
    expect(out.summary.find((s) => s.origin === 'bundled')!.count).toBeGreaterThan(15 * 12 * 16);
    // ../shared/fx/eurofxref-hist.csv, 2026-04-13: GBP 0.87058.
    expect(out.rates).toContainEqual(
      expect.objectContaining({
        from: 'EUR',
        to: 'GBP',
        rate: '0.87058',
        asOf: '2026-04-13',
        source: 'ECB euro reference rate, 2026-04-13',
        origin: 'bundled',
      }),
    );
    const cross = cli(['fx', 'rate', 'USD', 'GBP', '--on', '2026-04-20', '--json']);
    expect(cross.status, cross.stderr).toBe(0);
    const rate = JSON.parse(cross.stdout) as { via: string; asOf: string; text: string };
    expect(rate).toMatchObject({ via: 'EUR', asOf: '2026-04-13' });
    // 0.87058 / 1.1684 = 0.745104...
    expect(rate.text).toBe('1 USD = 0.745104 GBP (ECB euro reference rate, 2026-04-13 via EUR)');
    const stale = cli(['fx', 'rate', 'USD', 'GBP', '--on', '2026-11-28']);
    expect(stale.stdout).toContain('229 days older than 2026-11-28');
  });

  it('adds a rate of your own, which then wins; lists only your own rates by default', () => {
    const added = cli(['fx', 'add', 'usd', 'EUR', '0.92', '--as-of', '2026-01-01', '--source', 'my bank', '--json']);
    expect(added.status, added.stderr).toBe(0);
    const listed = cli(['fx', 'list']);
    expect(listed.stdout).toContain('2026-01-01  1 USD = 0.92 EUR  user  my bank');
    expect(listed.stdout).not.toContain('ECB euro reference rate, 2026-04-13\n');
    const used = cli(['fx', 'rate', 'USD', 'EUR', '--on', '2026-02-15']);
    expect(used.stdout).toBe('2026-02-15: 1 USD = 0.92 EUR (my bank, 2026-01-01; 45 days older than 2026-02-15)\n');
  });

  it('imports a CSV of rates all or nothing; a bad row names file, line, column and what was expected, and nothing is written', () => {
    const good = path.join(dir, 'rates.csv');
    fs.writeFileSync(good, 'from,to,rate,as_of,source\nUSD,INR,83.25,2026-03-01,RBI reference rate\nCHF,JPY,170.1,2026-03-01,SNB\n');
    const ok = cli(['fx', 'import', good, '--json']);
    expect(ok.status, ok.stderr).toBe(0);
    expect(JSON.parse(ok.stdout)).toEqual({ imported: 2 });
    expect(cli(['fx', 'rate', 'USD', 'INR', '--on', '2026-03-02']).stdout).toContain('1 USD = 83.25 INR (RBI reference rate, 2026-03-01)');

    const bad = path.join(dir, 'bad-rates.csv');
    fs.writeFileSync(
      bad,
      'from,to,rate,as_of,source\nUSD,SEK,10.5,2026-03-01,Riksbank\nUSD,NOK,-3,2026-03-01,Norges Bank\nUSD,DKK,6.9,03/01/2026,DN\n',
    );
    const before = cli(['fx', 'list', '--json']).stdout;
    const refused = cli(['fx', 'import', bad]);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain(
      'bad-rates.csv, line 3, column 3 (rate): expected a decimal above 0 such as 0.92, found "-3" (and 1 more problems). Nothing was imported.',
    );
    expect(refused.stderr).toContain('4:4 as_of: expected a date YYYY-MM-DD');
    expect(cli(['fx', 'list', '--json']).stdout).toBe(before);
  });
});
