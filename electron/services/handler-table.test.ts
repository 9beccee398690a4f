import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contract } from '../../shared/ipc/contract';
import { createTestApp } from '../test-support/test-app';
import { mergeHandlers, type AnyHandlerMap } from './handler-table';

const app = createTestApp();
afterAll(() => app.dispose());

describe('the handler table', () => {
  it('serves every channel of the contract', async () => {
    const result = await app.handlers.invoke('app:get-info', {});
    expect(result).toMatchObject({ ok: true, value: { name: 'GPU Planner', runtime: 'cli' } });
  });

  it('refuses an unknown channel and an invalid request as data, never a throw', async () => {
    await expect(app.handlers.dispatch('catalog:drop-everything', {})).resolves.toMatchObject({
      ok: false,
      error: { code: 'UNKNOWN_CHANNEL' },
    });
    const bad = await app.handlers.dispatch('catalog:add-price', {
      offeringId: 'x',
      kind: 'on-demand',
      usd: -1,
      per: 'hour',
      asOf: '2025-13-40',
      source: '',
    });
    expect(bad.ok).toBe(false);
    if (!bad.ok) {
      expect(bad.error.code).toBe('INVALID_REQUEST');
      const fields = (bad.error.details?.problems ?? []).map((p) => p.field);
      expect(fields).toEqual(expect.arrayContaining(['usd', 'asOf', 'source']));
      expect(JSON.stringify(bad.error)).not.toMatch(/at .*\.ts:\d+/);
    }
  });

  it('refuses a request with a key its channel does not know, on every channel, naming the key (issue 11 item 5)', async () => {
    const objectChannels = Object.entries(contract)
      .filter(([, spec]) => spec.request instanceof z.ZodObject)
      .map(([channel]) => channel);
    expect(objectChannels).toEqual(expect.arrayContaining(['catalog:add-price', 'catalog:create-offering', 'estimate:run']));
    for (const channel of objectChannels) {
      const result = await app.handlers.dispatch(channel, { unexpectedKey: 1 });
      expect(result.ok, channel).toBe(false);
      if (!result.ok) expect(JSON.stringify(result.error.details?.problems), channel).toMatch(/unexpectedKey/);
    }
    // A valid request with one key too many: refused, not silently stripped.
    const extra = await app.handlers.dispatch('catalog:add-price', {
      offeringId: 'colab-pro-t4-16gb',
      kind: 'on-demand',
      usd: 1,
      per: 'hour',
      asOf: '2025-01-01',
      source: 'test',
      region: 'us-east-1',
      currencyCode: 'EUR',
    });
    expect(extra).toMatchObject({ ok: false, error: { code: 'INVALID_REQUEST' } });
    expect(JSON.stringify(extra)).toMatch(/currencyCode/);
    // …and inside a request's nested objects: the new offering and its prices.
    const nested = await app.handlers.dispatch('catalog:create-offering', {
      offering: { providerId: 'local', sku: 'Box', gpuId: 't4-16gb', gpuCount: 1, ssdGb: 512 },
      prices: [{ kind: 'purchase', usd: 900, per: 'once', asOf: '2025-01-01', source: 'invoice', vat: 0.2 }],
    });
    expect(nested).toMatchObject({ ok: false, error: { code: 'INVALID_REQUEST' } });
    expect(JSON.stringify(nested)).toMatch(/ssdGb/);
    expect(JSON.stringify(nested)).toMatch(/vat/);
  });

  it('refuses a channel handled twice', () => {
    const twice = { 'app:get-info': () => ({}) } as unknown as AnyHandlerMap;
    expect(() => mergeHandlers(twice, twice)).toThrow(/two handlers/);
    expect(z).toBeDefined();
  });
});
