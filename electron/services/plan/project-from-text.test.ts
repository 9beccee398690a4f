import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createAppContext, type AppContext } from '../app-context';
import { tempDir } from '../../test-support/paths';
import { planTestResources } from '../../test-support/plan-test-resources';
import { TEXT_PLAN_MAX_BYTES } from './project-from-text';

const res = planTestResources();
const cleanups: Array<() => void> = [res.remove];
afterAll(() =>
  cleanups
    .splice(0)
    .reverse()
    .forEach((f) => f()),
);
const seedDir = path.resolve(__dirname, '..', '..', '..', '..', 'shared', 'seeds');
const seedFile = (prefix: string) =>
  path.join(
    seedDir,
    fs.readdirSync(seedDir).find((f) => f.startsWith(prefix))!,
  );

function freshApp(open: string | null = null): { app: AppContext; dir: string } {
  const data = tempDir();
  const app = createAppContext({
    dataDir: data.dir,
    resourcesDir: res.dir,
    runtime: 'cli',
    dialogs: { openFile: async () => open, saveFile: async () => null },
    now: () => new Date('2026-11-29T10:00:00Z'),
  });
  cleanups.push(() => {
    app.close();
    data.remove();
  });
  return { app, dir: data.dir };
}

describe('a new project from a plan document (issue 28 item 11): service', () => {
  it('creates each of the five origin documents as a project: its tracks, milestones and budget as read', () => {
    const { app } = freshApp();
    const svc = app.services.plan.projects.fromText;
    for (const prefix of ['000_', '001_', '002_', '003_', '004_']) {
      const doc = svc.readFile(seedFile(prefix));
      const made = svc.create(doc);
      const { plan } = app.services.plan.load(made.projectId);
      expect(plan.tracks.length).toBe(made.tracks);
      expect(plan.milestones.length).toBe(made.milestones);
      if (prefix === '001_') {
        expect(made).toMatchObject({ name: 'VitalDB Training Infrastructure (M1–M3) (2)', tracks: 2, milestones: 3, scenarios: 3 });
        expect(plan.project.budget).toBe('615');
      }
    }
    expect(app.services.plan.projects.list().filter((p) => !p.isExample)).toHaveLength(5);
  });

  it("applies the lead's corrections; an invalid one (end before start) is refused whole: nothing created", () => {
    const { app } = freshApp();
    const svc = app.services.plan.projects.fromText;
    const doc = svc.readFile(seedFile('000_'));
    const before = app.services.plan.projects.list().length;
    expect(() => svc.create({ ...doc, edits: { start: '2027-03-01', end: '2027-01-01' } })).toThrow(/Nothing was created/);
    expect(app.services.plan.projects.list().length).toBe(before);
    const made = svc.create({ ...doc, edits: { name: 'Cloud notes', budget: '3,000', tracks: [{ id: 'track-main', owner: 'Dana' }] } });
    const { plan } = app.services.plan.load(made.projectId);
    expect(plan.project).toMatchObject({ name: 'Cloud notes', budget: '3000' });
    expect(plan.tracks[0]!.owner).toBe('Dana');
  });

  it('reading writes nothing; bad files are refused with a clear error (empty, folder, too large, binary)', () => {
    const { app, dir } = freshApp();
    const svc = app.services.plan.projects.fromText;
    const before = JSON.stringify(app.services.plan.projects.list());
    svc.read({ text: fs.readFileSync(seedFile('001_'), 'utf8') });
    expect(JSON.stringify(app.services.plan.projects.list())).toBe(before);
    expect(() => svc.read({ text: '  \n', fileName: 'empty.md' })).toThrow(/empty\.md is empty/);
    expect(() => svc.readFile(dir)).toThrow(/is a folder/);
    const big = path.join(dir, 'big.md');
    fs.writeFileSync(big, Buffer.alloc(TEXT_PLAN_MAX_BYTES + 1, 'a'));
    expect(() => svc.readFile(big)).toThrow(/at most 1024 KB/);
    const bin = path.join(dir, 'bin.md');
    fs.writeFileSync(bin, Buffer.from([0x23, 0x20, 0, 1, 2]));
    expect(() => svc.readFile(bin)).toThrow(/not a text file/);
    expect(() => svc.readFile(path.join(dir, 'nope.md'))).toThrow(/no such file/);
  });

  it('the open dialog returns the chosen document, or nulls when cancelled', async () => {
    expect(await freshApp(seedFile('004_')).app.services.plan.projects.fromText.openFile()).toMatchObject({
      fileName: expect.stringMatching(/^004_/),
    });
    expect(await freshApp(null).app.services.plan.projects.fromText.openFile()).toEqual({ fileName: null, text: null });
  });
});
