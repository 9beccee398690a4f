/**
 * A new project from a plan document (issue 28 item 11): the structure text-plan.ts reads (tracks with owners,
 * milestones with dates and hardware, the recommended budget option) plus what any of the origin documents
 * mentions (text-document-mentions.ts: GPUs and offerings, hourly prices, stated budgets), as a draft project and
 * a report of what was read and what was not, each with its line. The lead's corrections (`TextDocumentEdits`)
 * apply to the draft before it is created; nothing here writes.
 */
import type { Plan } from '../plan/types';
import { parsePlanText, type TextPlanDraft, type TextPlanOffering } from './text-plan';
import { readMentions, type DocumentMention, type StatedBudget, type UnreadLine } from './text-document-mentions';
import { TRACK_PALETTE } from './project-copy';

export type { DocumentMention, StatedBudget, UnreadLine };

/** One thing read, for the review table. `key` names the field the lead may correct (project.name, track:<id>.owner …). */
export interface ReadItem {
  key: string;
  label: string;
  value: string;
  line: number;
}

export interface TextDocumentRead {
  plan: Plan;
  scenarios: TextPlanDraft['scenarios'];
  read: ReadItem[];
  unread: UnreadLine[];
  mentions: DocumentMention[];
  budgets: StatedBudget[];
}

export interface TextDocumentEdits {
  name?: string | undefined;
  start?: string | undefined;
  end?: string | undefined;
  budget?: string | undefined;
  currency?: string | undefined;
  tracks?: Array<{ id: string; name?: string | undefined; owner?: string | undefined }> | undefined;
}

/** Days between an ISO day and another (UTC). */
function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The budget the document states, when it states one and only one, as a total (a range reads as its high end). */
function statedTotal(budgets: StatedBudget[]): StatedBudget | null {
  return budgets.length === 1 && !budgets[0]!.per ? budgets[0]! : null;
}

const DEFAULT_TRACK = 'track-main';

/**
 * Reads the document. `today` (ISO day) dates a project whose document has no dates: today and 90 days on.
 * `fallbackName` names a document without a "# Title" line (its file name).
 */
export function readTextDocument(
  text: string,
  offerings: TextPlanOffering[],
  today: string,
  fallbackName = 'Imported plan',
): TextDocumentRead {
  const draft = parsePlanText(text, offerings, 'draft');
  const lines = text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((t, i) => ({ text: t, n: i + 1 }));
  const { mentions, budgets, unread } = readMentions(lines, offerings);
  const plan = draft.plan;
  const read: ReadItem[] = draft.fields
    .filter((f) => f.key !== 'project.dates' || plan.tracks.length > 0)
    .map((f) => ({ key: f.key, label: f.label, value: f.value, line: f.line }));
  const notRead = (line: number, what: string, why: string) => unread.push({ line, text: what, why });
  // Without tracks the structure's warnings (no report date, no phases table) say less than the notes below.
  if (plan.tracks.length > 0) for (const w of draft.warnings) notRead(0, '', w);

  if (!read.some((r) => r.key === 'project.name')) {
    plan.project.name = fallbackName;
    notRead(0, '', `No "# Title" line: the project is named "${fallbackName}".`);
  }
  if (plan.tracks.length === 0) {
    plan.project.start = today;
    plan.project.end = addDays(today, 90);
    plan.tracks.push({
      id: DEFAULT_TRACK,
      projectId: 'draft',
      name: 'Training',
      owner: 'Unassigned',
      focus: '',
      colour: TRACK_PALETTE[0]!,
      start: plan.project.start,
      end: plan.project.end,
      position: 0,
      notes: null,
    });
    notRead(0, '', 'No tracks with owners ("**Track 1: Name (Owner)**"): one track "Training", owner "Unassigned" — name its owner.');
    notRead(0, '', `No dates: the project runs ${plan.project.start} → ${plan.project.end} (today and 90 days on) — set its dates.`);
  }
  if (plan.project.budget === '0' && budgets.length === 0) notRead(0, '', 'No budget in the document: the budget is 0 — type it.');
  if (plan.milestones.length === 0) notRead(0, '', 'No milestones ("### M1 (…)" with a table of phases): add them on the Plan screen.');

  const total = statedTotal(budgets);
  if (plan.project.budget === '0' && total) {
    const high = total.amount.split('-').pop()!;
    plan.project.budget = high;
    plan.project.budgetSource = `Stated in the document (line ${total.line}).`;
    read.push({ key: 'project.budget', label: 'Budget (stated)', value: `USD ${high}`, line: total.line });
  } else if (plan.project.budget === '0' && budgets.length > 0)
    notRead(
      budgets[0]!.line,
      '',
      `${budgets.length} budgets are stated (lines ${budgets.map((b) => b.line).join(', ')}), none as the project's total: the budget is 0 — type it.`,
    );
  for (const b of budgets)
    read.push({ key: `budget-line:${b.line}`, label: 'Budget stated', value: `USD ${b.amount}${b.per}`, line: b.line });
  for (const m of mentions)
    read.push({
      key: m.offeringId ? `offering:${m.offeringId}` : `gpu:${m.label}`,
      label: m.offeringId ? 'Offering mentioned' : 'GPU mentioned',
      value: `${m.label}${m.gpuId ? ` (${m.gpuId})` : ' (not in the catalog)'}${m.usdPerHour ? `, $${m.usdPerHour}/hour` : ''}${m.lines.length > 1 ? `, ${m.lines.length} lines` : ''}`,
      line: m.lines[0]!,
    });
  read.sort((a, b) => a.line - b.line);
  unread.sort((a, b) => a.line - b.line);
  return { plan, scenarios: draft.scenarios, read, unread, mentions, budgets };
}

/** The draft with the lead's corrections: name, dates, budget, currency, track names and owners. */
export function editedPlan(plan: Plan, edits: TextDocumentEdits): Plan {
  const copy = JSON.parse(JSON.stringify(plan)) as Plan;
  const p = copy.project;
  if (edits.name?.trim()) p.name = edits.name.trim();
  if (edits.start) p.start = edits.start;
  if (edits.end) p.end = edits.end;
  if (edits.currency?.trim()) p.currency = edits.currency.trim().toUpperCase();
  if (edits.budget?.trim()) {
    p.budget = edits.budget.trim().replace(/,/g, '');
    p.budgetSource = 'Entered when the project was created from the document';
  }
  for (const e of edits.tracks ?? []) {
    const t = copy.tracks.find((x) => x.id === e.id);
    if (!t) continue;
    if (e.name?.trim()) t.name = e.name.trim();
    if (e.owner?.trim()) t.owner = e.owner.trim();
  }
  const main = copy.tracks.find((t) => t.id === DEFAULT_TRACK);
  if (main) Object.assign(main, { start: p.start, end: p.end });
  return copy;
}
