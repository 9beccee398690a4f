/**
 * Fuzz (issue 11): random and hostile payloads at every IPC channel through the real handler table, for a bounded
 * number of runs with fixed seeds. Asserted: the call resolves (never throws), a refusal is a typed error (never
 * "INTERNAL"), a refused call writes nothing, and no payload pollutes Object.prototype.
 * Issue 25 item 6: after every call of a read channel (shared/ipc/read-channels.ts), valid or not, every table's
 * content, the plans' revisions and SQLite's count of changed rows are as before, and nothing was notified.
 */
import { insertUnallocatedSpend } from '../test-support/db-snapshot';
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { contract, type Channel } from '../../shared/ipc/contract';
import { isReadChannel, READ_CHANNELS, type ReadChannel } from '../../shared/ipc/read-channels';
import { planRevisions, tableContents, totalChanges } from '../test-support/db-snapshot';
import { createTestApp } from '../test-support/test-app';
import { BILLING_SAMPLES, sampleFile } from '../test-support/billing-samples';

const notes: string[] = [];
const app = createTestApp({ notify: (title, body) => notes.push(`${title}: ${body}`) });
afterAll(() => app.dispose());

const EXAMPLE = 'vitaldb-2025';
const insertRawSpend = () => insertUnallocatedSpend(app.db);
insertRawSpend();

/** A valid request (or a few) of each read channel, so that the fuzz reaches what a read does when it succeeds. */
function validReads(): Record<ReadChannel, unknown[]> {
  const plan = app.services.plan.load(EXAMPLE).plan;
  const scenarioId = app.services.plan.scenarios(EXAMPLE)[0]!.id;
  const workload = plan.milestones.flatMap((m) => m.phases).find((p) => p.workload)!.workload!;
  const offeringId = app.services.catalog.listOfferings()[0]!.id;
  return {
    'app:get-info': [{}],
    'catalog:list-gpus': [{}],
    'catalog:list-providers': [{}],
    'catalog:list-offerings': [{}],
    'catalog:list-reliability': [{}],
    'catalog:list-discrepancies': [{}],
    'catalog:get-price-history': [{ offeringId }],
    'catalog:list-data-rates': [{}],
    'catalog:export-csv': [{ bom: false }],
    'estimate:list-presets': [{}],
    'estimate:list-workloads': [{}],
    'estimate:run': [{ workload, gpuIds: ['l4-24gb', 'a100-sxm-40gb'] }],
    'estimate:sweep': [{ sweepId: 'fuzz-sweep', workloads: [workload], gpuIds: ['l4-24gb'] }],
    'plan:list-projects': [{}],
    'plan:get-plan': [{}, { projectId: EXAMPLE }, { projectId: EXAMPLE, scenarioId }],
    'plan:get-run-rates': [{ projectId: EXAMPLE }],
    'plan:compare-scenarios': [{ projectId: EXAMPLE }],
    'plan:compare-plans': [{ projectId: EXAMPLE, ids: [null, scenarioId] }],
    'plan:project-contents': [{ projectId: EXAMPLE }],
    'plan:read-text-plan': [{ text: '# A plan\n- **A100**: $3/hour\n' }, { text: '' }],
    'plan:evaluate-claims': [{ projectId: EXAMPLE }],
    'plan:export-file': [{ projectId: EXAMPLE }],
    'budget:choose-import-file': [{}],
    'budget:preview-file': [{ fileToken: 'no-such-token' }],
    'budget:list-imports': [{}],
    'budget:list-mappings': [{}],
    'budget:export-mapping': [{ name: 'none' }],
    'budget:spend-summary': [{ by: 'month' }, { by: 'track' }, { by: 'week', exact: true }],
    'budget:list-spend-lines': [{ offset: 0, limit: 20, groupBy: 'service' }],
    'budget:list-sources': [{}],
    'budget:list-budgets': [{ projectId: EXAMPLE }],
    'budget:list-rules': [{ projectId: EXAMPLE }],
    'budget:preview-rules': [{ projectId: EXAMPLE }],
    'budget:list-rates': [{}],
    'budget:get-overview': [{}, { projectId: EXAMPLE }],
    'budget:list-credits': [{ projectId: EXAMPLE }],
    'report:get-report-model': [{ projectId: EXAMPLE }],
    'report:export-csv': [
      { projectId: EXAMPLE, table: 'weeks' },
      { projectId: EXAMPLE, table: 'spend', groupBy: 'track' },
    ],
    'report:export-pdf': [{ projectId: EXAMPLE }],
    'settings:get': [{}],
    'runs:list': [{}, { projectId: EXAMPLE }],
    'runs:choose-file': [{}],
    'runs:preview-file': [{ fileToken: 'no-such-token' }],
  };
}

/** What a read must leave as it found it: the content digest, the revisions, the changed-row count, the notifications. */
function readState() {
  return { digest: digestNow(), revisions: planRevisions(app.db), changes: totalChanges(app.db), notes: notes.length };
}

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

  it(`classifies ${READ_CHANNELS.length} channels as reads; each valid read writes nothing and notifies nothing`, async () => {
    expect(READ_CHANNELS.filter((c) => !channels.includes(c))).toEqual([]);
    const wrote: string[] = [];
    for (const [channel, requests] of Object.entries(validReads())) {
      for (const request of requests) {
        const before = readState();
        const result = await app.handlers.dispatch(channel, request);
        if (!result.ok && result.error.code === 'INTERNAL') wrote.push(`${channel}: INTERNAL ${result.error.message.slice(0, 200)}`);
        const after = readState();
        if (JSON.stringify(after) !== JSON.stringify(before))
          wrote.push(
            `${channel} ${JSON.stringify(request)}: ${JSON.stringify({ before: { ...before, digest: before.digest.slice(0, 8) }, after: { ...after, digest: after.digest.slice(0, 8) } })}`,
          );
      }
    }
    expect(wrote).toEqual([]);
  }, 120_000);

  it(`covers ${channels.length} channels: no throw, typed errors only, no write on error, no prototype pollution`, async () => {
    const failures: string[] = [];
    for (const [index, channel] of channels.entries()) {
      await fc.assert(
        fc.asyncProperty(payload, async (request) => {
          const before = digestNow();
          const read = isReadChannel(channel) ? readState() : null;
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
          if (read && JSON.stringify(readState()) !== JSON.stringify(read)) failures.push(`${channel}: a read wrote or notified`);
          expect(Object.keys(Object.prototype)).toEqual([]);
        }),
        { numRuns: 8, seed: 4242 + index },
      );
    }
    expect(failures).toEqual([]);
  });
});

/** Issue 26 item 8: hostile plan edits and plan files through the same table (HTTP and IPC reach it alike). */
describe('IPC fuzz: hostile plan edits and plan files', () => {
  const revision = () => app.services.plan.load(EXAMPLE).revision;
  const refusedWithoutWrite = async (channel: Channel, request: unknown) => {
    const before = digestNow();
    const result = await app.handlers.dispatch(channel, request);
    expect(result.ok).toBe(false);
    if (result.ok) return null;
    expect(result.error.code, result.error.message.slice(0, 300)).not.toBe('INTERNAL');
    expect(digestNow()).toBe(before);
    return result.error;
  };

  it('a plan:edit batch nested 150,000 levels deep is refused at the depth limit, before any schema recurses', async () => {
    let command: unknown = { type: 'remove', entity: 'track', id: 'none' };
    for (let i = 0; i < 150_000; i++) command = { type: 'batch', label: 'x', commands: [command] };
    const error = await refusedWithoutWrite('plan:edit', { projectId: EXAMPLE, revision: revision(), command });
    expect(error?.message).toMatch(/nested/);
    expect(String(error?.details?.field)).toMatch(/^command\.commands\.0\.commands/);
  });

  it('a plan:edit whose phase workload nests 150,000 levels is refused the same way', async () => {
    const milestone = structuredClone(app.services.plan.load(EXAMPLE).plan.milestones[0]!);
    let workload: Record<string, unknown> = {};
    for (let i = 0; i < 150_000; i++) workload = { x: workload };
    milestone.phases[0]!.workload = workload as never;
    const error = await refusedWithoutWrite('plan:edit', {
      projectId: EXAMPLE,
      revision: revision(),
      command: { type: 'upsert', entity: 'milestone', value: milestone },
    });
    expect(error?.message).toMatch(/nested/);
  });

  it('a plan:edit of a track named with a leading NUL is a typed refusal', async () => {
    const track = { ...app.services.plan.load(EXAMPLE).plan.tracks[0]!, name: '\u0000abc' };
    await refusedWithoutWrite('plan:edit', {
      projectId: EXAMPLE,
      revision: revision(),
      command: { type: 'upsert', entity: 'track', value: track },
    });
  });
});

/**
 * Issue 26 items 1, 8, 9 and 13 through the handler table with the dialogs answering: special files, a damaged Parquet
 * preview, fuzzed plan files and lenient billing values are typed refusals that write nothing — never INTERNAL, never
 * a hang, never the process's death.
 */
describe('IPC fuzz: hostile files chosen in the dialogs', () => {
  const answers: string[] = [];
  const files = createTestApp({
    dialogs: { openFile: async () => answers.shift() ?? null, saveFile: async () => answers.shift() ?? null },
  });
  afterAll(() => files.dispose());
  // What the tables hold (a refusal may have written and rolled back: SQLite's change count moves, the content not).
  let held = { changes: -1, digest: '' };
  const digest = () => {
    const changes = totalChanges(files.db);
    if (changes !== held.changes)
      held = {
        changes,
        digest: crypto
          .createHash('sha256')
          .update(JSON.stringify([tableContents(files.db), planRevisions(files.db)]))
          .digest('hex'),
      };
    return held.digest;
  };
  const choose = async (channel: Channel, file: string, request: unknown = {}) => {
    answers.splice(0, answers.length, file);
    return files.handlers.dispatch(channel, request);
  };
  const refused = async (channel: Channel, file: string, request: unknown = {}) => {
    const before = digest();
    const result = await choose(channel, file, request);
    expect(result.ok, `${channel} ${file}`).toBe(false);
    if (result.ok) return null;
    expect(result.error.code, `${channel} ${file}: ${result.error.message.slice(0, 300)}`).not.toBe('INTERNAL');
    expect(digest(), `${channel} ${file}`).toBe(before);
    return result.error;
  };

  it('a device, a FIFO and a folder are refused before any read (item 9), as plan files and as billing exports', async () => {
    const fifo = path.join(files.dataDir, 'pipe.gpuplan');
    execFileSync('mkfifo', [fifo]);
    for (const special of ['/dev/zero', '/dev/urandom', fifo, files.dataDir]) {
      const asPlan = await refused('plan:import-file', special);
      expect(asPlan?.message, special).toMatch(/not a regular file|folder|device|pipe|special/i);
      await refused('budget:choose-import-file', special);
    }
  });

  it('previewing the AWS CUR sample with every 4,099th byte from 4,096 inverted is an error message (item 1)', async () => {
    const bytes = fs.readFileSync(sampleFile(BILLING_SAMPLES.find((s) => s.path.endsWith('.snappy.parquet'))!));
    for (let at = 4096; at < bytes.length; at += 4099) bytes[at] = ~bytes[at]! & 0xff;
    const damaged = path.join(files.dataDir, 'Oct2018-WorkshopCUR-00001-damaged.snappy.parquet');
    fs.writeFileSync(damaged, bytes);
    const error = await refused('budget:choose-import-file', damaged);
    expect(error?.message).toMatch(/not a readable Parquet file/);
  }, 60_000);

  it('lenient billing values are refused with their line and column (item 13)', async () => {
    const header = 'BilledCost,BillingCurrency,ChargePeriodStart,ProviderName,ServiceName';
    const cases: Record<string, string> = {
      'two-digit year': `${header}\n1.00,USD,1/1/99,AWS,EC2\n`,
      'short row': `${header}\n1.00,USD,2025-12-15,AWS,EC2\n2.00,USD\n`,
      'currency in words': `${header}\n1.00,US$ dollars,2025-12-15,AWS,EC2\n`,
      'ten-letter currency': `${header}\n1.00,ABCDEFGHIJ,2025-12-15,AWS,EC2\n`,
    };
    for (const [what, text] of Object.entries(cases)) {
      const file = path.join(files.dataDir, `${what.replaceAll(' ', '-')}.csv`);
      fs.writeFileSync(file, text);
      const preview = await choose('budget:choose-import-file', file);
      expect(preview.ok, what).toBe(true);
      const token = preview.ok ? (preview.value as { fileToken: string }).fileToken : '';
      const before = digest();
      const result = await files.handlers.dispatch('budget:import-file', { fileToken: token });
      expect(result.ok, what).toBe(false);
      if (result.ok) continue;
      expect(result.error.code, `${what}: ${result.error.message}`).not.toBe('INTERNAL');
      expect(result.error.message, what).toMatch(/line \d+/);
      expect(digest(), what).toBe(before);
    }
  });

  it('plan files with a random value at a random place: read, or a typed refusal that writes nothing (item 8)', async () => {
    const exported = path.join(files.dataDir, 'example.gpuplan');
    const out = await choose('plan:export-file', exported, { projectId: EXAMPLE });
    expect(out.ok).toBe(true);
    const original = JSON.parse(fs.readFileSync(exported, 'utf8').replace(/^\uFEFF/, '')) as unknown;
    const places: Array<Array<string | number>> = [];
    const walk = (value: unknown, at: Array<string | number>) => {
      places.push(at);
      if (places.length > 4000 || value === null || typeof value !== 'object') return;
      for (const [k, v] of Object.entries(value)) walk(v, [...at, Array.isArray(value) ? Number(k) : k]);
    };
    walk(original, []);
    const hostile = fc.oneof(
      fc.constantFrom(-1, -0.5, 9_223_372_036.86, 1e308, Number.MAX_SAFE_INTEGER, 0, '', '\u0000abc', '2026-13-45', null, [], {}),
      fc.string({ maxLength: 20 }),
      fc.double(),
    );
    const failures: string[] = [];
    let n = 0;
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: places.length - 1 }), hostile, fc.boolean(), async (index, value, bom) => {
        const document = structuredClone(original) as Record<string | number, unknown>;
        const at = places[index]!;
        if (at.length === 0) return;
        let parent = document as Record<string | number, unknown>;
        for (const key of at.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
        parent[at.at(-1)!] = value;
        const file = path.join(files.dataDir, `fuzz${(n += 1)}.gpuplan`);
        fs.writeFileSync(file, `${bom ? '\uFEFF' : ''}${JSON.stringify(document)}`);
        const before = digest();
        const result = await choose('plan:import-file', file);
        fs.rmSync(file, { force: true });
        if (result.ok) {
          const projectId = (result.value as { projectId: string | null }).projectId;
          if (projectId) await files.handlers.dispatch('plan:delete-project', { projectId });
          return;
        }
        if (result.error.code === 'INTERNAL')
          failures.push(`${at.join('.')} = ${JSON.stringify(value)}: INTERNAL ${result.error.message.slice(0, 200)}`);
        if (digest() !== before) failures.push(`${at.join('.')} = ${JSON.stringify(value)}: refused but wrote`);
      }),
      { numRuns: 60, seed: 2626 },
    );
    expect(failures).toEqual([]);
  }, 240_000);
});
