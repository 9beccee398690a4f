/**
 * Issue 31 item 1: `gpu-planner claims` as a user runs it (the built command): every source document with its claims,
 * also seed 000's, which belong to no project; one document by its number; lines named in words.
 */
import { describe, expect, it } from 'vitest';
import { exampleCliDatabase } from '../../test-support/built-cli';

const { cli } = exampleCliDatabase('claims-cli.db');

describe('gpu-planner claims (built)', () => {
  it('lists every source document, with the claims of the one that belongs to no project', () => {
    const r = cli(['claims']);
    expect(r.status, r.stderr).toBe(0);
    for (const n of ['000', '001', '002', '003', '004']) expect(r.stdout).toMatch(new RegExp(`^${n} “`, 'm'));
    expect(r.stdout).toMatch(/^000 “Hardware & Cost Notes” — no project: 5 claims \(/m);
    expect(r.stdout).toContain('(line 6)');
    expect(r.stdout).toContain('(lines 6 and 7)');
    expect(r.stdout).not.toMatch(/\(lines \d+\)/);
  });

  it('answers one document in JSON with quotes, verdicts, both figures, the basis and the inputs', () => {
    const r = cli(['claims', '--seed', '003', '--json']);
    expect(r.status, r.stderr).toBe(0);
    const view = JSON.parse(r.stdout) as { documents: Array<{ number: string; claims: Array<Record<string, unknown>> }> };
    expect(view.documents.map((d) => d.number)).toEqual(['003']);
    for (const c of view.documents[0]!.claims) {
      expect(c).toHaveProperty('quote');
      expect(c).toHaveProperty('inputs');
      expect(c).toHaveProperty('evaluation.verdict');
      expect(c).toHaveProperty('evaluation.authorText');
      expect(c).toHaveProperty('evaluation.appText');
      expect(c).toHaveProperty('evaluation.basis');
    }
  });

  it('refuses an unknown document with a message and exit 1', () => {
    const r = cli(['claims', '--document', '9']);
    expect(r.status).not.toBe(0);
    expect(r.stderr).toMatch(/document/i);
  });
});
