/** Sizes (issue 11 item 10): every text field bounded before any schema runs, and every error message bounded. */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_ERROR_TEXT } from '../../shared/domain/errors';
import { createTestApp } from '../test-support/test-app';
import { MAX_REQUEST_TEXT } from './handler-table';

const app = createTestApp();
afterAll(() => app.dispose());
const huge = 'x'.repeat(10 * 1024 * 1024);

describe('request and message sizes', () => {
  it('a 10 MB project name, scenario name, note or id is refused with its field, and nothing is written', async () => {
    const projects = await app.handlers.invoke('plan:list-projects', {});
    const before = JSON.stringify(projects);
    const projectId = projects.ok ? projects.value.projects[0]!.id : '';
    for (const [channel, request, field] of [
      ['plan:rename-project', { projectId, name: huge }, 'name'],
      ['plan:rename-project', { projectId: huge, name: 'ok' }, 'projectId'],
      ['plan:create-project', { name: 'ok', start: '2026-01-05', end: '2026-02-01', notes: huge }, 'notes'],
      ['budget:save-mapping', { name: 'm', mapping: { columns: { [huge]: 'cost' } } }, 'mapping.columns key'],
    ] as const) {
      const result = await app.handlers.dispatch(channel, request);
      expect(result.ok, `${channel} ${field}`).toBe(false);
      if (!result.ok) {
        expect(result.error.code).toBe('INVALID_REQUEST');
        expect(result.error.details?.field).toBe(field);
        expect(result.error.message.length).toBeLessThan(300);
      }
    }
    expect(JSON.stringify(await app.handlers.invoke('plan:list-projects', {}))).toBe(before);
  });

  it('text up to the bound still passes the table (the channel schema decides)', async () => {
    const result = await app.handlers.dispatch('plan:rename-project', { projectId: 'nope', name: 'y'.repeat(MAX_REQUEST_TEXT) });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.message).not.toMatch(/more than the 100,000/);
  });

  it('a file whose 10 MB header no format knows: the error does not echo the header back', async () => {
    const file = path.join(app.dataDir, 'huge-header.csv');
    fs.writeFileSync(file, `${'h'.repeat(10 * 1024 * 1024)},other\n1,2\n`);
    const { token } = app.deps.fileGrants.grant(file);
    const result = await app.handlers.dispatch('budget:import-file', { fileToken: token });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.message.length).toBeLessThanOrEqual(MAX_ERROR_TEXT + 60);
      expect(JSON.stringify(result.error).length).toBeLessThan(10_000);
    }
  });
});
