import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readTextDocument } from '../../../shared/domain/project/text-document';
import { documentSections } from './from-document';

const seeds = path.resolve(__dirname, '../../../../shared/seeds');
const offerings = [
  { id: 'o-l4', gpuId: 'l4-24gb', label: 'g2-standard-8' },
  { id: 'o-a100', gpuId: 'a100-sxm-40gb', label: 'a2-highgpu-1g' },
];

describe('documentSections', () => {
  it('groups the VitalDB one-pager: milestones, hardware and the budget apart; name, dates and tracks left to the fields', () => {
    const text = fs.readFileSync(path.join(seeds, '001_243d45401a9fa866.txt'), 'utf8');
    const read = readTextDocument(text, offerings, '2026-11-29');
    const s = documentSections(read);
    expect(s.milestones.map((m) => m.key)).toEqual(expect.arrayContaining(['milestone:m1', 'milestone:m2', 'milestone:m3']));
    expect(s.hardware.length).toBeGreaterThan(0);
    expect(s.budget.some((b) => b.key === 'project.budget')).toBe(true);
    expect(s.budgetHint).toMatch(/^from line \d+$/);
    expect(s.other.some((o) => /^(project\.name|project\.dates|track:)/.test(o.key))).toBe(false);
  });
  it('says when the document states no budget', () => {
    const read = readTextDocument('# Notes\n\nNothing else.', offerings, '2026-11-29');
    expect(documentSections(read).budgetHint).toBe('the document states none');
  });
});
