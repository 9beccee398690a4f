import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
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

  it('refuses a channel handled twice', () => {
    const twice = { 'app:get-info': () => ({}) } as unknown as AnyHandlerMap;
    expect(() => mergeHandlers(twice, twice)).toThrow(/two handlers/);
    expect(z).toBeDefined();
  });
});
