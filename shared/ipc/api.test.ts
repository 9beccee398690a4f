import { describe, expect, it } from 'vitest';
import { buildApi, camelCase } from './api';
import { channelNames, contract } from './contract';

describe('the typed api built from the contract', () => {
  it('names every channel domain:verb-noun and exposes it as api.domain.verbNoun', async () => {
    const calls: Array<[string, unknown]> = [];
    const api = buildApi(
      async (channel, request) => {
        calls.push([channel, request]);
        return { ok: true, value: null };
      },
      () => () => {},
    );
    for (const channel of channelNames) {
      expect(channel).toMatch(/^[a-z]+:[a-z]+(-[a-z0-9]+)*$/);
      const [domain, verb] = channel.split(':') as [string, string];
      const fn = (api as unknown as Record<string, Record<string, (r: unknown) => Promise<unknown>>>)[domain]![camelCase(verb)];
      expect(typeof fn, channel).toBe('function');
      await fn!({});
    }
    expect(calls.map(([c]) => c)).toEqual(channelNames);
    expect(Object.keys(contract).length).toBe(channelNames.length);
  });

  it('asks the preload (or the e2e bridge) where a dropped file lives; without one, no path', () => {
    const seen: string[] = [];
    const api = buildApi(
      async () => null,
      () => () => {},
      { pathForFile: (file) => (seen.push(file.name), `/data/${file.name}`), grantFile: async () => null },
    );
    expect(api.files.pathForFile({ name: 'cur.csv.gz', size: 10 })).toBe('/data/cur.csv.gz');
    expect(seen).toEqual(['cur.csv.gz']);
    expect(
      buildApi(
        async () => null,
        () => () => {},
      ).files.pathForFile({ name: 'x.csv', size: 1 }),
    ).toBe('');
  });

  it('camel-cases kebab verbs', () => {
    expect(camelCase('list-gpus')).toBe('listGpus');
    expect(camelCase('get-price-history')).toBe('getPriceHistory');
  });
});
