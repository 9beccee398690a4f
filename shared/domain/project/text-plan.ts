/**
 * "Import plan from text": a deterministic parser of the structure seed 001 has — a title and report date; tracks
 * with owners, hardware, focus and timeline ("**Track 1: Name (Owner)**"); milestone sections ("### M1 (50 Cases,
 * …)") with per-run hours and cost; a cost-benefit table (runs, total cost per milestone); a final table of phases
 * with dates and hardware; weekly resource sharing; budget options ("**Option 2: Balanced (Recommended)**").
 * It yields a draft plan and its budget options as scenarios, and the list of fields it read (with the line each
 * came from) for the lead to confirm one by one. No network, no guessing beyond the rules written here.
 *
 * Rules worth knowing:
 * - A day written "Dec 21" takes the report's year, or the next year when that would put it more than a month
 *   before the report (a January after a December report).
 * - A milestone with several phases: a phase named "Final Run" has 1 run; the others share the rest of the
 *   milestone's runs ("5-8 runs" → 4-7). A single phase has all the runs.
 * - Hardware names (T4, L4, A100) become the catalog offering of that GPU at the provider the document names.
 * - The budget is the total cost of the option marked "(Recommended)".
 * Weekly sharing is kept as notes (the lead books the weeks on the timeline); nothing is booked from the text.
 */
import type { Plan } from '../plan/types';
import { readMilestones, hardwareLookup, type TextPlanOffering } from './text-plan-milestones';
import { readBudgetOptions, type TextPlanScenario } from './text-plan-options';
import { bulletsAfter, clean, findLine, MONTHS, type Line, type ParsedField, type TextReading } from './text-plan-reading';
import { readTracks } from './text-plan-tracks';
import { hardwareProvider } from './text-plan-headings';

export type { TextPlanOffering } from './text-plan-milestones';

export interface TextPlanDraft {
  plan: Plan;
  scenarios: TextPlanScenario[];
  fields: ParsedField[];
  /** What the text has that the parser did not turn into the plan (said to the lead). */
  warnings: string[];
}

/** Title and report date (days without a year take the report's). */
function readHeading(lines: Line[]) {
  const h1 = findLine(lines, /^#\s+(.+)$/);
  const title = h1 ? clean(h1.m[1]!).replace(/\s+-\s+(One-Pager|Summary|Plan)$/i, '') : 'Imported plan';
  const purpose = findLine(lines, /\*\*Purpose:\*\*\s*(.+)$/);
  const span = purpose ? /\b(M\d+)\s*-\s*(M\d+)\b/.exec(purpose.m[1]!) : null;
  const name = span ? `${title} (${span[1]}\u2013${span[2]})` : title;
  const reportFound = findLine(lines, /\*\*Report Date:\*\*\s*([A-Z][a-z]+)\s+(\d{1,2}),\s*(\d{4})/);
  const report = reportFound
    ? {
        year: Number(reportFound.m[3]),
        month: MONTHS.indexOf(reportFound.m[1]!.slice(0, 3).toLowerCase()) + 1,
        day: Number(reportFound.m[2]),
      }
    : { year: 2025, month: 1, day: 1 };
  return { h1, title, purpose, name, reportFound, report };
}

/** Weekly sharing, kept as notes (the lead books the weeks on the timeline). */
function readSharingNotes(doc: TextReading): string[] {
  const notes: string[] = [];
  const sharing = findLine(doc.lines, /^\*\*Resource Sharing:\*\*/i);
  if (sharing) {
    for (const bullet of bulletsAfter(doc.lines, sharing.i))
      notes.push(`Weekly sharing (text line ${bullet.n}): ${clean(bullet.text.replace(/^\s*-\s*/, ''))}`);
    doc.fields.push({
      key: 'project.sharing',
      label: 'Weekly sharing (notes; book the weeks on the timeline)',
      value: notes.map((n) => n.replace(/^.*?: /, '')).join(' · '),
      line: sharing.line.n,
    });
  }
  return notes;
}

/** Parses the text. Throws nothing: what it cannot read becomes a warning, and an empty text an empty draft. */
export function parsePlanText(text: string, offerings: TextPlanOffering[], projectId = 'draft'): TextPlanDraft {
  const lines: Line[] = text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((t, i) => ({ text: t, n: i + 1 }));
  const { h1, title, purpose, name, reportFound, report } = readHeading(lines);
  const doc: TextReading = { lines, report, fields: [], warnings: [] };
  const { fields, warnings } = doc;
  if (!reportFound) warnings.push('No "**Report Date:**" line: dates without a year are read as 2025.');
  if (h1) fields.push({ key: 'project.name', label: 'Project name', value: name, line: h1.line.n });

  // Provider of the hardware ("## Available Hardware Options (Google Colab)").
  let provider = '';
  for (const line of lines) {
    const named = hardwareProvider(line.text);
    if (named !== null) {
      provider = named.trim();
      break;
    }
  }

  const tracksRead = readTracks(doc, projectId);
  const { tracks, projectStart, projectEnd } = tracksRead;
  const milestones = readMilestones(doc, tracksRead, hardwareLookup(offerings, provider), provider);
  const { scenarios, budget } = readBudgetOptions(doc);
  const notes = readSharingNotes(doc);

  fields.push({
    key: 'project.dates',
    label: 'Project dates (first and last track day)',
    value: `${projectStart} → ${projectEnd}`,
    line: tracks.length ? (lines.find((l) => l.text.includes('Timeline:'))?.n ?? 0) : 0,
  });

  const plan: Plan = {
    project: {
      id: projectId,
      name,
      start: projectStart,
      end: projectEnd,
      currency: 'USD',
      budget: budget?.value ?? '0',
      budgetSource: budget ? `The text's recommended option (line ${budget.line}).` : 'Not in the text.',
      description: purpose ? clean(purpose.m[1]!) : '',
      source: `Imported from text: "${title}"${reportFound ? ` (report date ${reportFound.m[1]} ${reportFound.m[2]}, ${reportFound.m[3]})` : ''}`,
    },
    tracks,
    milestones,
    allocations: [],
    pools: [],
    plannedPrices: [],
    notes,
    claims: [],
  };
  return { plan, scenarios, fields, warnings };
}

/** The draft with only the confirmed fields: unconfirmed tracks, milestones and options are left out. */
export function confirmedDraft(draft: TextPlanDraft, confirmed: ReadonlySet<string>): TextPlanDraft {
  const plan = JSON.parse(JSON.stringify(draft.plan)) as Plan;
  plan.tracks = plan.tracks.filter((t) => confirmed.has(`track:${t.id}`));
  const trackIds = new Set(plan.tracks.map((t) => t.id));
  plan.milestones = plan.milestones.filter((m) => confirmed.has(`milestone:${m.id}`) && trackIds.has(m.trackId));
  if (!confirmed.has('project.budget')) plan.project.budget = '0';
  if (!confirmed.has('project.sharing')) plan.notes = [];
  return { ...draft, plan, scenarios: draft.scenarios.filter((s) => confirmed.has(`option:${s.id}`)) };
}
