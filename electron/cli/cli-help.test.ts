import { describe, expect, it } from 'vitest';
import { usageEntries } from './cli-help';
import { runCli } from './gpu-planner';

/** Runs the CLI in-process and collects what it prints. */
async function run(argv: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(argv, { stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t), env: {}, cwd: process.cwd() });
  return { code, stdout, stderr };
}

describe('CLI conventions: --help everywhere, --version, --db before the command (issue 28 item 12)', () => {
  it('every command and subcommand the top-level help lists answers --help (and -h) with its usage and exit 0', async () => {
    const top = await run(['--help']);
    expect(top.code).toBe(0);
    const entries = usageEntries(top.stdout).entries;
    expect(entries.length).toBeGreaterThan(30);
    for (const entry of entries) {
      const [, name, sub] = entry.split(/\s+/);
      const args = sub && /^[a-z][a-z-]*$/.test(sub) ? [name!, sub] : [name!];
      for (const flag of ['--help', '-h']) {
        const r = await run([...args, flag]);
        expect(r.code, `${args.join(' ')} ${flag}: ${r.stderr}`).toBe(0);
        expect(r.stdout, `${args.join(' ')} ${flag}`).toContain(entry.split('\n')[0]);
        expect(r.stderr).toBe('');
      }
    }
  });

  it('a subcommand’s help shows that subcommand only; `help COMMAND` is the same as `COMMAND --help`', async () => {
    const r = await run(['plan', 'optimize', '--help']);
    expect(r.stdout).toContain('gpu-planner plan optimize');
    expect(r.stdout).not.toContain('gpu-planner plan show');
    expect((await run(['help', 'plan', 'optimize'])).stdout).toBe(r.stdout);
    // A flag's value that happens to be a word is not taken for a subcommand that does not exist.
    expect((await run(['plan', '--project', 'x', '--help'])).stdout).toContain('gpu-planner plan show');
  });

  it('the top-level help names every command, plan optimize and plan run-rate among them', async () => {
    const { stdout } = await run(['--help']);
    for (const name of [
      'catalog',
      'estimate',
      'plan',
      'project',
      'import',
      'spend',
      'credits',
      'fx',
      'source',
      'settings',
      'export-pdf',
      'serve',
    ])
      expect(stdout).toContain(`gpu-planner ${name}`);
    expect(stdout).toContain('gpu-planner plan optimize');
    expect(stdout).toContain('gpu-planner plan run-rate');
  });

  it('--version prints the package version', async () => {
    const pkg = (await import('../../package.json', { with: { type: 'json' } })).default as { version: string };
    expect(await run(['--version'])).toMatchObject({ code: 0, stdout: `gpu-planner ${pkg.version}\n` });
  });

  it('--db before the command name is passed to the command; an unknown leading option is a usage error', async () => {
    const missing = '/nonexistent-folder/for-sure/db.sqlite';
    // The command receives --db: it fails on the path (user error, exit 1), not on the option (usage, exit 2).
    const before = await run(['--db', missing, 'project', 'list']);
    const after = await run(['project', 'list', '--db', missing]);
    expect(before.code).toBe(after.code);
    expect(before.stderr).toBe(after.stderr);
    expect(before.code).not.toBe(2);
    const bad = await run(['--bogus', 'project', 'list']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('unknown option "--bogus" before the command');
  });

  it('no arguments is a usage error with the help on stderr; an unknown command too', async () => {
    const none = await run([]);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('gpu-planner plan show');
    const unknown = await run(['bogus']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('unknown command "bogus"');
  });
});

describe('a usage lists exactly the values its command accepts', () => {
  it('every `--flag a|b|c` of every usage names the same values as the command’s own "must be one of" refusal', async () => {
    const entries = usageEntries((await run(['--help'])).stdout).entries;
    let compared = 0;
    for (const entry of entries) {
      const words = entry.split('\n')[0]!.split(/\s+/);
      const [, name, sub] = words;
      const args = sub && /^[a-z][a-z-]*$/.test(sub) ? [name!, sub] : [name!];
      // Positional placeholders (FILE, ID, …) get a stand-in so the command reaches its flags.
      const positional = words
        .slice(1 + args.length)
        .filter((w) => /^[A-Z_]+$/.test(w))
        .map(() => 'placeholder');
      for (const [, flag, values] of entry.matchAll(/\[(--[a-z-]+) ([a-z0-9-]+(?:\|[a-z0-9-]+)+)\]/g)) {
        const r = await run([...args, ...positional, flag!, 'not-a-value', '--db', ':memory:']);
        const refusal = /must be one of ([^\n]+)/.exec(r.stderr);
        if (!refusal) continue;
        compared++;
        const accepted = refusal[1]!
          .replace(/\s*\(.*\)\s*$/, '')
          .split(/,\s*|\s+or\s+|\|/)
          .map((v) => v.trim().replace(/[.'"`]/g, ''))
          .filter(Boolean);
        expect(new Set(values!.split('|')), `${args.join(' ')} ${flag}`).toEqual(new Set(accepted));
      }
    }
    expect(compared).toBeGreaterThan(2);
  });
});
