/**
 * Fuzz (issue 11): random and hostile payloads at every IPC channel through the real handler table, for a bounded
 * number of runs with fixed seeds. Asserted: the call resolves (never throws), a refusal is a typed error (never
 * "INTERNAL"), a refused call writes nothing, and no payload pollutes Object.prototype.
 */
import crypto from 'node:crypto';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { contract, type Channel } from '../../shared/ipc/contract';
import { createTestApp } from '../test-support/test-app';

const app = createTestApp();
afterAll(() => app.dispose());

/** Every row of every table, hashed: "nothing written" is checked on content, not on counters. */
function databaseDigest(): string {
  const hash = crypto.createHash('sha256');
  const tables = app.db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
    .all() as Array<{
    name: string;
  }>;
  for (const { name } of tables) {
    hash.update(name);
    for (const row of app.db.prepare(`SELECT * FROM "${name}"`).raw().iterate())
      hash.update(JSON.stringify(row, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v)));
  }
  return hash.digest('hex');
}

/** The digest, recomputed only when SQLite counts a change since the last one (total_changes() of this connection). */
let cached = { changes: -1, digest: '' };
function digestNow(): string {
  const changes = (app.db.prepare('SELECT total_changes() AS n').get() as { n: number }).n;
  if (changes !== cached.changes) cached = { changes, digest: databaseDigest() };
  return cached.digest;
}

const hostileString = fc.oneof(
  fc.string(),
  fc.constantFrom(
    '',
    ' ',
    '../../etc/shadow',
    '/etc/passwd',
    '=HYPERLINK("http://x")',
    '\u0000',
    '\ud800',
    'NaN',
    '1e999',
    '-0',
    '9999-W01',
    '2025-13-40',
    '<script>alert(1)</script>',
    "'; DROP TABLE plans; --",
  ),
  fc.string({ minLength: 1000, maxLength: 5000 }),
);
const hostileNumber = fc.oneof(fc.double(), fc.integer(), fc.constantFrom(Number.MAX_VALUE, -Number.MAX_VALUE, 1e308, -1, 0, 2 ** 53 + 1));
const hostileKey = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'id', 'projectId', 'name', 'file', 'fileToken', 'path'),
  fc.string({ maxLength: 12 }),
);
const hostileValue = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString,
    hostileNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(hostileKey, tie('value'), { maxKeys: 5 }),
  ),
})).value;
const payload = fc.oneof(fc.anything(), fc.dictionary(hostileKey, hostileValue, { maxKeys: 6 }), hostileValue);

// Channels whose valid calls start long work by design (PDF rendering in Chromium, a MILP solve, a sweep): fuzzed
// like the others; a payload that happens to be valid is cut short by the same guards the UI has.
describe('IPC fuzz: every channel of the contract', () => {
  const channels = Object.keys(contract) as Channel[];

  it(`covers ${channels.length} channels: no throw, typed errors only, no write on error, no prototype pollution`, async () => {
    const failures: string[] = [];
    for (const [index, channel] of channels.entries()) {
      await fc.assert(
        fc.asyncProperty(payload, async (request) => {
          const before = digestNow();
          let result;
          try {
            result = await app.handlers.dispatch(channel, request);
          } catch (error) {
            failures.push(`${channel}: threw ${String(error)}`);
            return;
          }
          if (!result.ok) {
            if (result.error.code === 'INTERNAL')
              failures.push(`${channel}: INTERNAL ${result.error.message.slice(0, 200)} for ${JSON.stringify(request)?.slice(0, 200)}`);
            if (digestNow() !== before) failures.push(`${channel}: refused but wrote (${result.error.code})`);
          }
          expect(Object.keys(Object.prototype)).toEqual([]);
        }),
        { numRuns: 8, seed: 4242 + index },
      );
    }
    expect(failures).toEqual([]);
  });
});
