import { describe, expect, it } from 'vitest';
import { MAX_ERROR_TEXT } from '../../shared/domain/errors';
import { createErrorReporter, errorText, MAX_REPORTS, reportWindowErrors } from './error-reporting';

type Sent = { level: string; message: string; source?: string };

function fakeLog(answer: () => Promise<unknown> = async () => ({ ok: true, value: {} })) {
  const sent: Sent[] = [];
  const log = (request: Sent) => {
    sent.push(request);
    return answer();
  };
  return { sent, api: () => ({ log }) as never };
}

describe('the renderer’s error reports', () => {
  it('sends window errors, unhandled rejections and screen errors to app:log with their source and stack', () => {
    const { sent, api } = fakeLog();
    const report = createErrorReporter(api);
    const listeners = new Map<string, (event: never) => void>();
    reportWindowErrors({ addEventListener: (type: string, listener: (event: never) => void) => listeners.set(type, listener) }, report);
    listeners.get('error')!({ error: new TypeError('x is undefined') } as never);
    listeners.get('error')!({ message: 'Script error.' } as never);
    listeners.get('unhandledrejection')!({ reason: 'a plain string' } as never);
    report('screen', new Error('Plan failed to render'), '\n    at Timeline\n    at PlanScreen');
    expect(sent.map((s) => [s.level, s.source])).toEqual([
      ['error', 'window'],
      ['error', 'window'],
      ['error', 'promise'],
      ['error', 'screen'],
    ]);
    expect(sent[0]!.message).toMatch(/^TypeError: x is undefined\n\s+at /);
    expect(sent[1]!.message).toBe('Script error.');
    expect(sent[2]!.message).toBe('a plain string');
    expect(sent[3]!.message).toMatch(/Plan failed to render[\s\S]*Component stack:\n\s+at Timeline/);
  });

  it('clips a message to what app:log takes, stops after MAX_REPORTS, and never throws when reporting fails', async () => {
    expect(errorText(new Error('y'.repeat(MAX_ERROR_TEXT * 2))).length).toBe(MAX_ERROR_TEXT);
    const { sent, api } = fakeLog(() => Promise.reject(new Error('main is gone')));
    const report = createErrorReporter(api);
    for (let i = 0; i < MAX_REPORTS + 20; i++) report('window', new Error(`loop ${i}`));
    expect(sent).toHaveLength(MAX_REPORTS);
    await new Promise((resolve) => setTimeout(resolve, 0)); // the rejected sends were swallowed, not unhandled
    const throwing = createErrorReporter(() => {
      throw new TypeError('window.api is undefined');
    });
    expect(() => throwing('window', new Error('x'))).not.toThrow();
  });
});
