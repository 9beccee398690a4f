import { describe, expect, it } from 'vitest';
import { importRefusalText, shortGpuName, sourceLabel } from './catalog-text';

describe('Catalog names, sources and import refusals as written', () => {
  it('GPU names lose vendor, product line and memory', () => {
    expect(shortGpuName('NVIDIA GeForce RTX 4090 24GB')).toBe('RTX 4090');
    expect(shortGpuName('NVIDIA H100 SXM 80GB')).toBe('H100 SXM');
  });
  it('a datasheet reference reads as host · what it says', () => {
    expect(sourceLabel('https://www.nvidia.com/en-us/data-center/h100/ (H100 datasheet, table 1)')).toBe(
      'nvidia.com · H100 datasheet, table 1',
    );
    expect(sourceLabel('https://images.nvidia.com/a.pdf')).toBe('nvidia.com');
    expect(sourceLabel('seed 002')).toBe('source document “Cloud Platform Recommendations for PRS-Med Training”');
  });
  it('a refused import lists at most twelve problems with line, column and value', () => {
    const problems = Array.from({ length: 14 }, (_, i) => ({ line: i + 2, column: 'usd', message: 'not an amount', value: 'x' }));
    const text = importRefusalText('3 rows refused', problems).split('\n');
    expect(text[0]).toBe('3 rows refused');
    expect(text[1]).toBe('line 2, usd: not an amount (“x”)');
    expect(text).toHaveLength(13);
    expect(importRefusalText('Not a CSV')).toBe('Not a CSV');
  });
});
