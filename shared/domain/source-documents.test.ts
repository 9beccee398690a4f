import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readableSource, shortSource, SOURCE_DOCUMENTS } from './source-documents';

const seedsDir = path.resolve(__dirname, '..', '..', '..', 'shared', 'seeds');

describe('source documents named by their titles (issue 28 item 4)', () => {
  it("each title is the document's own first heading", () => {
    const files = fs.readdirSync(seedsDir).filter((f) => /^\d{3}_[0-9a-f]+\.txt$/.test(f));
    expect(files).toHaveLength(Object.keys(SOURCE_DOCUMENTS).length);
    for (const f of files) {
      const heading = /^#\s+(.+)$/m.exec(fs.readFileSync(path.join(seedsDir, f), 'utf8'))?.[1]?.trim();
      expect(SOURCE_DOCUMENTS[f.slice(0, 3)]?.title, f).toBe(heading);
    }
  });

  it('a catalog source, a note and a file reference read as the source document, never "seed" or a file name', () => {
    const cases: Array<[string, string]> = [
      [
        'seed 001 "VitalDB Training Infrastructure - One-Pager" (001_243d45401a9fa866.txt)',
        'source document “VitalDB Training Infrastructure - One-Pager”',
      ],
      [
        'limit: seed 002 "Session timeouts (90 min - 24 hours)"',
        'limit: source document “Cloud Platform Recommendations for PRS-Med Training”: "Session timeouts (90 min - 24 hours)"',
      ],
      ['reliability 3 of 5 (seed 002)', 'reliability 3 of 5 (source document “Cloud Platform Recommendations for PRS-Med Training”)'],
      ["seed 003's rule", '“Training Hardware Recommendations and Azure Costing”’s rule'],
      ['003_2de1fb48cfc1bd36.txt', 'source document “Training Hardware Recommendations and Azure Costing”'],
      ['calibrated in ../shared/calibration/h100.csv', 'calibrated in the app’s calibration data'],
      // Issue 28 item 4: no file name ends a source
      ['about 84 T4-hours; subscriptions.json, with its sources', 'about 84 T4-hours; the app’s catalog, with its sources'],
      ['resources/catalog/offerings.json', 'the app’s catalog'],
      ['Reseller quote, /home/lead/prices.csv', 'Reseller quote, an imported file'],
      ['Reseller quote, …/prices.csv', 'Reseller quote, an imported file'],
      ['C:\\Users\\lead\\prices.csv', 'an imported file'],
      ['price list, https://example.com/prices.csv', 'price list, https://example.com/prices.csv'],
      [
        'AWS EC2 On-Demand pricing, https://aws.amazon.com/ec2/pricing/on-demand/',
        'AWS EC2 On-Demand pricing, https://aws.amazon.com/ec2/pricing/on-demand/',
      ],
    ];
    for (const [raw, read] of cases) {
      expect(readableSource(raw)).toBe(read);
      expect(readableSource(raw)).not.toMatch(/\bseed\b|\d{3}_[0-9a-f]{8}/i);
    }
  });

  it('in a table cell: the title, or the page’s name', () => {
    expect(shortSource('seed 004 "Hardware Selection Guide" (004_7d8e08cbac0dd626.txt)')).toBe('“Hardware Selection Guide”');
    expect(shortSource('Lambda GPU Cloud pricing, https://lambda.ai/pricing')).toBe('Lambda GPU Cloud pricing');
    expect(shortSource('my quote from the reseller')).toBe('my quote from the reseller');
  });
});
