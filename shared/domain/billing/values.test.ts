import Big from 'big.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseBillingDate } from './billing-dates';
import { parseTags, tagsToJson } from './billing-tags';
import { CurrencyTotals, DecimalSum, decimalToNanos, decimalToNanosValue, IntegerSum, nanosToDecimal } from './decimal-sums';
import { sumGcpCredits } from './dialects/gcp';
import { addDecimals, isNullValue, parseDecimal } from './values';

/** A decimal as digits and a scale, independent of big.js: the reference the parser must reproduce. */
const decimalParts = fc.record({
  negative: fc.boolean(),
  intPart: fc.bigInt({ min: 0n, max: 10n ** 15n }),
  fraction: fc.stringMatching(/^[0-9]{0,28}$/),
});
function canonical({ negative, intPart, fraction }: { negative: boolean; intPart: bigint; fraction: string }): string {
  const frac = fraction.replace(/0+$/, '');
  const body = frac ? `${intPart}.${frac}` : `${intPart}`;
  return negative && body !== '0' ? `-${body}` : body;
}
const value = (r: ReturnType<typeof parseDecimal>) => (r.ok ? r.value : `invalid: ${r.expected}`);

describe('parseDecimal', () => {
  it('reads plain decimals of up to 28 places exactly', () => {
    fc.assert(
      fc.property(decimalParts, (p) => {
        const text = `${p.negative ? '-' : ''}${p.intPart}${p.fraction ? `.${p.fraction}` : ''}`;
        expect(value(parseDecimal(text))).toBe(canonical(p));
      }),
    );
  });

  it('plain decimals with leading and trailing zeros come out canonical (as big.js writes them)', () => {
    fc.assert(
      fc.property(decimalParts, fc.nat({ max: 3 }), fc.nat({ max: 3 }), fc.boolean(), (p, lead, trail, point) => {
        const fraction = `${p.fraction}${'0'.repeat(trail)}`;
        const text = `${p.negative ? '-' : ''}${'0'.repeat(lead)}${p.intPart}${fraction || point ? `.${fraction || '0'}` : ''}`;
        const reference = new Big(text).toFixed();
        expect(value(parseDecimal(text))).toBe(reference === '-0' ? '0' : reference);
      }),
      { numRuns: 2000 },
    );
    for (const [text, expected] of [
      ['-0.000', '0'],
      ['007.50', '7.5'],
      ['0.5', '0.5'],
      ['100', '100'],
      ['-00', '0'],
      ['1.', '1'],
      ['.5', '0.5'],
    ])
      expect(value(parseDecimal(text!))).toBe(expected);
  });

  it('reads E-notation exactly (mantissa × 10^exp)', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 99999n }),
        fc.integer({ min: -20, max: 10 }),
        fc.constantFrom('e', 'E'),
        fc.boolean(),
        (mantissa, exp, e, pad) => {
          const expText = exp < 0 ? `-${pad ? String(-exp).padStart(2, '0') : -exp}` : `${exp}`;
          const text = `${mantissa}${e}${expText}`;
          const digits = mantissa.toString();
          let expected: string;
          if (exp >= 0) expected = digits + '0'.repeat(exp);
          else {
            const padded = digits.padStart(-exp + 1, '0');
            const cut = padded.length + exp;
            expected = `${padded.slice(0, cut)}.${padded.slice(cut)}`.replace(/\.?0+$/, '');
          }
          expect(value(parseDecimal(text))).toBe(expected);
        },
      ),
    );
    expect(value(parseDecimal('4.0E-7'))).toBe('0.0000004');
    expect(value(parseDecimal('5e-06'))).toBe('0.000005');
    expect(value(parseDecimal('-5e-06'))).toBe('-0.000005');
  });

  it('reads thousands separators and decimal commas', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1000n, max: 10n ** 12n }), fc.stringMatching(/^[0-9]{1,6}$/), (intPart, fraction) => {
        const grouped = intPart.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
        const expected = canonical({ negative: false, intPart, fraction });
        expect(value(parseDecimal(`${grouped}.${fraction}`))).toBe(expected);
        const european = intPart.toString().replace(/\B(?=(\d{3})+(?!\d))/g, '.');
        expect(value(parseDecimal(`${european},${fraction}`, { decimalSeparator: ',' }))).toBe(expected);
        expect(value(parseDecimal(`${european},${fraction}`))).toBe(expected);
      }),
    );
    expect(value(parseDecimal('1,000'))).toBe('1000');
    expect(value(parseDecimal('0,5'))).toBe('0.5');
    expect(value(parseDecimal('1 234,50', { decimalSeparator: ',' }))).toBe('1234.5');
  });

  it('keeps signs: leading, trailing minus, accounting parentheses, negate option', () => {
    expect(value(parseDecimal('-2.6137'))).toBe('-2.6137');
    expect(value(parseDecimal('+3.25'))).toBe('3.25');
    expect(value(parseDecimal('(12.50)'))).toBe('-12.5');
    expect(value(parseDecimal('12.50-'))).toBe('-12.5');
    expect(value(parseDecimal('$1,234.56'))).toBe('1234.56');
    expect(value(parseDecimal('12.5', { sign: 'negate' }))).toBe('-12.5');
    expect(value(parseDecimal('-0.000'))).toBe('0');
  });

  it('refuses what is not a number (empty cost is not 0)', () => {
    for (const bad of ['', 'abc', '1.2.3', '1,2,3', '--1', 'NaN', '1e', '12,34,5']) expect(parseDecimal(bad).ok, bad).toBe(false);
  });

  it('never throws on any string', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const r = parseDecimal(s);
        expect(typeof r.ok).toBe('boolean');
      }),
    );
  });

  it('sums exactly where floats do not', () => {
    expect(addDecimals('0.1', '0.2')).toBe('0.3');
    expect(addDecimals('0.0000000000000000000000000001', '1')).toBe('1.0000000000000000000000000001');
    fc.assert(
      fc.property(decimalParts, decimalParts, (a, b) => {
        const sum = addDecimals(canonical(a), canonical(b));
        expect(addDecimals(sum, canonical({ ...b, negative: !b.negative }))).toBe(canonical(a));
      }),
    );
  });

  it('nano-units round-trip at 9 decimals', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }), (nanos) => {
        expect(decimalToNanos(nanosToDecimal(nanos))).toBe(nanos);
      }),
    );
  });
});

describe('nulls', () => {
  it('NULL, \\N, empty and None are null; 0 is not', () => {
    for (const n of ['NULL', 'null', '\\N', '', '  ', 'None', undefined, null]) expect(isNullValue(n as string)).toBe(true);
    for (const v of ['0', '0.0', 'N', 'Nonet']) expect(isNullValue(v)).toBe(false);
  });
  it('is the null-token test on the trimmed text, for any short text', () => {
    const tokens = new Set(['', 'null', '\\n', 'none', 'nan', 'n/a']);
    const short = fc
      .array(fc.constantFrom('n', 'N', 'u', 'l', 'a', '/', '\\', ' ', '\t', '\u00a0', '\ufeff', 'é', '0', 'x'), { maxLength: 7 })
      .map((c) => c.join(''));
    fc.assert(
      fc.property(short, (text) => {
        const t = text.replace(/^\ufeff/, '').trim();
        expect(isNullValue(text)).toBe(t === '\\N' || tokens.has(t.toLowerCase()));
      }),
      { numRuns: 5000 },
    );
  });
});

describe('parseBillingDate', () => {
  const iso = (r: ReturnType<typeof parseBillingDate>) => (r.ok ? r.value : `invalid: ${r.expected}`);
  it('reads every form of FORMATS.md as UTC', () => {
    expect(iso(parseBillingDate('2024-09-18 22:00:00'))).toBe('2024-09-18T22:00:00Z');
    expect(iso(parseBillingDate('2023-06-01T00:00:00Z'))).toBe('2023-06-01T00:00:00Z');
    expect(iso(parseBillingDate('2022-07-01T00:00:00.000Z'))).toBe('2022-07-01T00:00:00Z');
    expect(iso(parseBillingDate('2020-11-09 23:00:00+00:00'))).toBe('2020-11-09T23:00:00Z');
    expect(iso(parseBillingDate('2020-11-09T23:00:00-05:00'))).toBe('2020-11-10T04:00:00Z');
    expect(iso(parseBillingDate('09/21/2023'))).toBe('2023-09-21T00:00:00Z');
    expect(iso(parseBillingDate('3/1/21'))).toBe('2021-03-01T00:00:00Z');
    expect(iso(parseBillingDate('2024-10-01'))).toBe('2024-10-01T00:00:00Z');
    expect(iso(parseBillingDate('\ufeff2024-10-01'))).toBe('2024-10-01T00:00:00Z');
    expect(iso(parseBillingDate('18.09.2024'))).toBe('2024-09-18T00:00:00Z');
    expect(iso(parseBillingDate('01/02/2024', 'DD/MM/YYYY'))).toBe('2024-02-01T00:00:00Z');
  });

  it('refuses dates outside 2000-2100 and offsets no time zone has, such as +99:99 (issue 11, item 14)', () => {
    for (const raw of [
      '1999-12-31',
      '2101-01-01T00:00:00Z',
      '9999-01-01',
      '12/31/1899',
      '2024-09-18T10:00:00+99:99',
      '2024-09-18T10:00:00-15:00',
    ])
      expect(parseBillingDate(raw), raw).toMatchObject({ ok: false, expected: expect.stringContaining('between 2000 and 2100') });
    expect(iso(parseBillingDate('2024-09-18T10:00:00+14:00'))).toBe('2024-09-17T20:00:00Z');
    expect(iso(parseBillingDate('2000-01-01'))).toBe('2000-01-01T00:00:00Z');
  });

  it('round-trips any instant through every form', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('2000-01-02T00:00:00Z'), max: new Date('2099-12-31T23:59:59Z'), noInvalidDate: true }), (d) => {
        const full = `${d.toISOString().slice(0, 19)}Z`;
        const dayOnly = `${d.toISOString().slice(0, 10)}T00:00:00Z`;
        const [y, m, dd] = [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate()];
        expect(iso(parseBillingDate(full))).toBe(full);
        expect(iso(parseBillingDate(full.replace('T', ' ').replace('Z', '')))).toBe(full);
        expect(iso(parseBillingDate(full.replace('Z', '+00:00')))).toBe(full);
        expect(iso(parseBillingDate(`${String(m).padStart(2, '0')}/${String(dd).padStart(2, '0')}/${y}`))).toBe(dayOnly);
        // Two-digit years: 20yy up to next year; later ones are refused (issue 26 item 13).
        if (y >= 2000 && y <= new Date().getUTCFullYear() + 1)
          expect(iso(parseBillingDate(`${m}/${dd}/${String(y).slice(2)}`))).toBe(dayOnly);
      }),
    );
  });

  it('refuses impossible dates', () => {
    for (const bad of ['2023-02-30', '13/01/2023', '2023-13-01', 'yesterday', '', '2023-06-01T25:00:00Z'])
      expect(parseBillingDate(bad).ok, bad).toBe(false);
  });
});

describe('parseTags', () => {
  const tags = (raw: string) => {
    const r = parseTags(raw);
    return r.ok ? r.value : null;
  };
  it('reads JSON, brace-less Azure EA JSON and GCP key/value lists', () => {
    expect(tags('{"application": "BrightLensMatrix", " org": "x"}')).toEqual({ application: 'BrightLensMatrix', org: 'x' });
    expect(tags('"CostCenter": "1234","env": "prod"')).toEqual({ CostCenter: '1234', env: 'prod' });
    expect(tags("[{'key': 'environment', 'value': 'dev'}, {'key': 'team', 'value': 'ml'}]")).toEqual({ environment: 'dev', team: 'ml' });
    expect(tags('[{"key": "env", "value": "prod"}]')).toEqual({ env: 'prod' });
    expect(tags('[]')).toEqual({});
    expect(tags('NULL')).toEqual({});
    expect(tags('not tags')).toBeNull();
  });
  it('any string map survives JSON, brace-less JSON and Python repr', () => {
    const key = fc.stringMatching(/^[a-zA-Z][a-zA-Z0-9_.:/-]{0,12}$/);
    fc.assert(
      fc.property(fc.dictionary(key, fc.stringMatching(/^[a-zA-Z0-9 _.:/-]{0,16}$/), { minKeys: 1, maxKeys: 5 }), (map) => {
        const json = JSON.stringify(map);
        expect(tags(json)).toEqual(map);
        expect(tags(json.slice(1, -1))).toEqual(map);
        const repr = `[${Object.entries(map)
          .map(([k, v]) => `{'key': '${k}', 'value': '${v}'}`)
          .join(', ')}]`;
        expect(tags(repr)).toEqual(map);
      }),
    );
  });
});

describe('tagsToJson', () => {
  it('is JSON.stringify, cached for tags parseTags returned', () => {
    for (const raw of ['{"team": "ml", " env": "prod"}', "[{'key': 'a', 'value': 'b'}]", '', 'NULL']) {
      const parsed = parseTags(raw);
      if (!parsed.ok) throw new Error(raw);
      expect(tagsToJson(parsed.value)).toBe(JSON.stringify(parsed.value));
    }
    expect(tagsToJson({ own: 'object' })).toBe('{"own":"object"}');
  });
});

describe('sumGcpCredits', () => {
  it('sums Python-repr credit amounts', () => {
    const raw =
      "[{'name': 'FreeTrial:Credit-000000-B0BBA4-940A77', 'amount': -5e-06, 'full_name': None, 'id': 'x', 'type': 'PROMOTION'}, {'name': 'y', 'amount': -0.25}]";
    expect(sumGcpCredits(raw)).toEqual({ ok: true, value: '-0.250005' });
    expect(sumGcpCredits('[]')).toEqual({ ok: true, value: '0' });
  });
});

describe('decimalToNanosValue', () => {
  it('equals the bigint nano-units, as a number where exact', () => {
    fc.assert(
      fc.property(decimalParts, (p) => {
        const text = canonical(p);
        expect(BigInt(decimalToNanosValue(text))).toBe(decimalToNanos(text));
      }),
    );
  });
});

/** big.js, the reference: nano-units rounded half-even. */
const bigNanos = (text: string) => BigInt(new Big(text).times(1e9).round(0, Big.roundHalfEven).toFixed(0));

describe('decimalToNanos (integer fast path, no big.js)', () => {
  it('equals big.js rounded half-even, at any number of decimals, ties included', () => {
    const tie = fc.record({
      negative: fc.boolean(),
      intPart: fc.bigInt({ min: 0n, max: 10n ** 12n }),
      nine: fc.stringMatching(/^[0-9]{9}$/),
      tail: fc.constantFrom('5', '50', '500000', '51', '49', '5000001', '4999'),
    });
    fc.assert(
      fc.property(
        fc.oneof(
          decimalParts.map(canonical),
          tie.map((t) => `${t.negative ? '-' : ''}${t.intPart}.${t.nine}${t.tail}`),
        ),
        (text) => {
          expect(decimalToNanos(text)).toBe(bigNanos(text));
          expect(BigInt(decimalToNanosValue(text))).toBe(bigNanos(text));
        },
      ),
      { numRuns: 3000 },
    );
    expect(decimalToNanos('0.0000000005')).toBe(0n);
    expect(decimalToNanos('0.0000000015')).toBe(2n);
    expect(decimalToNanos('-0.0000000025')).toBe(-2n);
    expect(decimalToNanos('-0.00000000251')).toBe(-3n);
    expect(decimalToNanosValue('-0.0000000001')).toBe(0);
    expect(Object.is(decimalToNanosValue('-0.0000000001'), -0)).toBe(false);
  });

  it('is a number only where exact, a bigint beyond', () => {
    expect(decimalToNanosValue('9007199.254740991')).toBe(9007199254740991);
    expect(decimalToNanosValue('9007199.254740992')).toBe(9007199254740992n);
    expect(decimalToNanosValue('123456789012.5')).toBe(123456789012500000000n);
    expect(decimalToNanos('4.0E-7')).toBe(400n);
  });
});

describe('IntegerSum', () => {
  it('equals the bigint sum of any safe integers and bigints, past 2^53 too', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.maxSafeInteger(), fc.bigInt({ min: -(2n ** 80n), max: 2n ** 80n }))), (values) => {
        const sum = new IntegerSum();
        for (const v of values) sum.add(v);
        expect(sum.value()).toBe(values.reduce<bigint>((s, v) => s + BigInt(v), 0n));
      }),
    );
    const sum = new IntegerSum();
    sum.add(Number.MAX_SAFE_INTEGER);
    sum.add(Number.MAX_SAFE_INTEGER);
    sum.scaleBy(10n);
    expect(sum.value()).toBe(BigInt(Number.MAX_SAFE_INTEGER) * 20n);
  });
});

describe('CurrencyTotals / DecimalSum (integers while exact, bigint beyond, big.js for the rest)', () => {
  const amount = fc.oneof(
    { weight: 6, arbitrary: decimalParts.map(canonical) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '4.0E-7',
        '1e3',
        '-5e-06',
        '.5',
        '9007199254740991',
        '-9007199254740991',
        '0.000000000000000000000000000001',
      ),
    },
    { weight: 2, arbitrary: fc.integer({ min: -100_000, max: 100_000 }).map((n) => (n / 1000).toFixed(3) + '0000123') },
  );
  it('equals the big.js sum of any amounts, in any order', () => {
    fc.assert(
      fc.property(fc.array(amount, { maxLength: 40 }), (amounts) => {
        const sum = new DecimalSum();
        let reference = new Big(0);
        for (const a of amounts) {
          sum.add(a);
          reference = reference.plus(a);
        }
        const text = reference.toFixed();
        expect(sum.value()).toBe(text === '-0' ? '0' : text);
      }),
      { numRuns: 3000 },
    );
  });

  it('keeps currencies apart and sums past 2^53 exactly', () => {
    const totals = new CurrencyTotals();
    for (let i = 0; i < 2000; i += 1) totals.add('USD', '9007199254740.991');
    totals.add('EUR', '0.1');
    totals.add('EUR', '0.2');
    expect(totals.toJSON()).toEqual({ EUR: '0.3', USD: '18014398509481982' });
  });
});
