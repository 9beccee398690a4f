import { describe, expect, it } from 'vitest';
import { plural } from '../../../shared/domain/count-words';
import { exportedNotice, fileName, importedProjectNotice } from './project-text';

describe('project switcher notices', () => {
  it('counts in words', () => {
    expect(plural(1, 'scenario')).toBe('1 scenario');
    expect(plural(0, 'scenario')).toBe('0 scenarios');
    expect(plural(2, 'weekly booking')).toBe('2 weekly bookings');
  });
  it('an imported plan file names its file, scenarios and spend lines (when there are any)', () => {
    expect(fileName('C:\\plans\\vital.gpuplan')).toBe('vital.gpuplan');
    expect(importedProjectNotice('/tmp/a/vital.gpuplan', 'Vital (2)', 2, 0)).toBe(
      'Imported vital.gpuplan: a new project “Vital (2)” with 2 scenarios.',
    );
    expect(importedProjectNotice('/tmp/vital.gpuplan', 'Vital', 1, 3)).toBe(
      'Imported vital.gpuplan: a new project “Vital” with 1 scenario and 3 spend lines.',
    );
  });
  it('an export says its size in KB, at least 1, and its spend lines only when included', () => {
    const saved = { file: '/tmp/p.gpuplan', bytes: 300, scenarios: 1, spendLines: 4 };
    expect(exportedNotice(saved, false)).toBe('Saved /tmp/p.gpuplan (1 KB, 1 scenario).');
    expect(exportedNotice({ ...saved, bytes: 4096 }, true)).toBe('Saved /tmp/p.gpuplan (4 KB, 1 scenario, 4 spend lines).');
  });
});
