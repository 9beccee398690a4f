/**
 * A project over the FOCUS sample's dates (2024-09-10 → 2024-09-20, one track), opened, with one service rule that
 * assigns matching spend to its track: the setup of the tests that import the FOCUS sample into a project.
 */
import type { TestApp } from './test-app';

export async function invokeOk<T>(result: Promise<{ ok: boolean; value?: T; error?: unknown }>): Promise<T> {
  const r = await result;
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value as T;
}

export async function septemberProjectWithRule(app: TestApp, servicePattern: string): Promise<{ projectId: string; trackId: string }> {
  const { projectId } = await invokeOk<{ projectId: string }>(
    app.handlers.invoke('plan:create-project', {
      name: 'September run',
      start: '2024-09-10',
      end: '2024-09-20',
      currency: 'USD',
      budget: '1000',
      track: { name: 'Training', owner: 'Ana' },
    }),
  );
  await invokeOk(app.handlers.invoke('plan:open-project', { projectId }));
  const trackId = (await app.services.plan.getPlan(projectId)).plan.tracks[0]!.id;
  await invokeOk(app.handlers.invoke('budget:save-rule', { projectId, kind: 'service', pattern: servicePattern, trackId }));
  return { projectId, trackId };
}
