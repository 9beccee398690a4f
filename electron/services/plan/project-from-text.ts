/**
 * A new project from a plan document (issue 28 item 11): read (no writes) — what the document gave and what it did
 * not, each with its line — and create — the draft with the lead's corrections, checked, in one transaction. The
 * app's dialog, its IPC channels and `gpu-planner project from-text` use these.
 */
import path from 'node:path';
import { UserError } from '../../../shared/domain/errors';
import { distinctName, rekeyPlan } from '../../../shared/domain/project/project-copy';
import { editedPlan, readTextDocument, type TextDocumentEdits, type TextDocumentRead } from '../../../shared/domain/project/text-document';
import type { Plan, Scenario } from '../../../shared/domain/plan/types';
import { validateProject, validateTrack } from '../../../shared/domain/plan/validation';
import { selectOfferings } from '../../db/queries/catalog';
import * as q from '../../db/queries/project';
import type { ServiceDeps } from '../service-deps';
import { readRegularTextFile } from './plan-file-reader';

/** A plan document larger than this is refused before it is read (the five origin documents are under 40 KB). */
export const TEXT_PLAN_MAX_BYTES = 1024 * 1024;
export const TEXT_PLAN_EXTENSIONS = ['md', 'markdown', 'txt'];

export interface TextPlanRequest {
  text: string;
  /** The document's file name, when it came from one (names a document without a title). */
  fileName?: string | undefined;
  edits?: TextDocumentEdits | undefined;
}

export function createProjectFromText(
  deps: ServiceDeps,
  hooks: { refreshEstimates: (projectId: string) => void; newProjectId: () => string; newScenarioId: () => string },
) {
  const { db } = deps;

  function read(request: TextPlanRequest): TextDocumentRead {
    if (!request.text.trim())
      throw new UserError('EMPTY_DOCUMENT', `${request.fileName ?? 'The text'} is empty: paste a plan document or open one.`, {
        field: 'text',
      });
    const offerings = selectOfferings(db).map((o) => ({ id: o.id, gpuId: o.gpuId, label: o.sku }));
    const fallback = request.fileName ? request.fileName.replace(/\.[^.]+$/, '') : 'Imported plan';
    return readTextDocument(request.text, offerings, deps.now().toISOString().slice(0, 10), fallback);
  }

  /** What the document gives and what it does not; `plan` is the draft with the edits, as it would be created. */
  function preview(request: TextPlanRequest) {
    const doc = read(request);
    return { ...doc, plan: editedPlan(doc.plan, request.edits ?? {}) };
  }

  function checked(plan: Plan): void {
    const errors = [...validateProject(plan.project), ...plan.tracks.flatMap((t) => validateTrack(t, plan))];
    for (const t of plan.tracks)
      if (!t.owner.trim()) errors.push({ entity: 'track', id: t.id, field: 'owner', message: `Track "${t.name}" needs an owner.` });
    if (errors.length === 0) return;
    const first = errors[0]!;
    throw new UserError('INVALID_PROJECT', `${first.entity} ${first.field}: ${first.message} Nothing was created.`, {
      field: first.field,
      problems: errors.map((e) => ({ field: `${e.entity}.${e.field}`, message: e.message })),
    });
  }

  function create(request: TextPlanRequest) {
    const doc = preview(request);
    checked(doc.plan);
    const projectId = hooks.newProjectId();
    const plan = rekeyPlan(doc.plan, projectId);
    plan.project.name = distinctName(
      plan.project.name,
      q.selectProjectList(db).map((p) => p.name),
    );
    const at = deps.now().toISOString();
    const scenarios: Scenario[] = doc.scenarios.map((s) => ({
      id: hooks.newScenarioId(),
      projectId,
      name: s.name,
      description: s.description,
      variation: s.variation,
      author: s.author,
      plan: JSON.parse(JSON.stringify(plan)) as Plan,
      createdAt: at,
    }));
    db.transaction(() => {
      q.insertWholeProject(db, plan, scenarios, at);
      q.markOpened(db, projectId, at);
      hooks.refreshEstimates(projectId);
    }).immediate();
    return {
      projectId,
      name: plan.project.name,
      tracks: plan.tracks.length,
      milestones: plan.milestones.length,
      scenarios: scenarios.length,
    };
  }

  /** A plan document on disk: a regular file of at most TEXT_PLAN_MAX_BYTES, as UTF-8 text. */
  function readFile(file: string): { fileName: string; text: string } {
    const fileName = path.basename(file);
    const got = readRegularTextFile(file, TEXT_PLAN_MAX_BYTES, 'one Markdown or text plan document');
    if (got.text === null)
      throw new UserError(
        'FILE_TOO_LARGE',
        `${fileName} is ${Math.ceil(got.bytes / 1024)} KB: a plan document is at most ${TEXT_PLAN_MAX_BYTES / 1024} KB. Nothing was read.`,
        { file: fileName },
      );
    if (got.text.includes('\u0000'))
      throw new UserError('NOT_TEXT', `${fileName} is not a text file (it holds binary data): open a Markdown or text document.`, {
        file: fileName,
      });
    return { fileName, text: got.text };
  }

  /** The open dialog in main: the chosen document's text, or nulls when the lead cancels. */
  async function openFile(): Promise<{ fileName: string | null; text: string | null }> {
    const file = await deps.dialogs.openFile({
      title: 'Open a plan document (Markdown or text)',
      filters: [{ name: 'Markdown or text', extensions: TEXT_PLAN_EXTENSIONS }],
    });
    if (!file) return { fileName: null, text: null };
    return readFile(file);
  }

  return { read: preview, create, readFile, openFile };
}
