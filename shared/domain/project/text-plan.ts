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
import { TRACK_PALETTE } from './project-copy';
import type { AuthorEstimate, Milestone, MilestonePhase, Plan, Range, Track } from '../plan/types';
import type { ScenarioAuthorFigures } from '../plan/types';

export interface TextPlanOffering {
  id: string;
  gpuId: string;
  label: string;
}

export interface ParsedField {
  /** Stable key: `project.budget`, `track:track-vitaldb`, `milestone:m1`, `phase:m2-final`, `option:option-2-balanced`. */
  key: string;
  label: string;
  value: string;
  /** 1-based line of the text it was read from. */
  line: number;
}

export interface TextPlanDraft {
  plan: Plan;
  scenarios: Array<{ id: string; name: string; description: string; variation: string; author: ScenarioAuthorFigures }>;
  fields: ParsedField[];
  /** What the text has that the parser did not turn into the plan (said to the lead). */
  warnings: string[];
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const clean = (s: string) =>
  s
    .replace(/\*\*/g, '')
    .replace(/[^\x20-\x7E\u2013\u2014\u2192]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
const num = (s: string) => Number(s.replace(/,/g, ''));

function range(text: string | undefined): Range | null {
  const m = /(\d[\d,.]*)\s*(?:-|–|to)\s*\$?(\d[\d,.]*)/.exec(text ?? '') ?? /(\d[\d,.]*)/.exec(text ?? '');
  if (!m) return null;
  const low = num(m[1]!);
  return { low, high: m[2] ? num(m[2]) : low };
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** "Dec 21" → ISO day, in the report's year or the next (see the rules above). */
function dayOf(month: string, day: number, report: { year: number; month: number; day: number }): string | null {
  const m = MONTHS.indexOf(month.slice(0, 3).toLowerCase());
  if (m < 0 || !(day >= 1 && day <= 31)) return null;
  let year = report.year;
  if ((m + 1) * 31 + day < report.month * 31 + report.day - 31) year += 1;
  return `${year}-${pad(m + 1)}-${pad(day)}`;
}

/** "Dec 21-23", "Dec 21 - Jan 31", "Dec 29 to Jan 3" → [start, end]. */
function dayRange(text: string, report: { year: number; month: number; day: number }): [string, string] | null {
  const m = /([A-Z][a-z]{2})[a-z]*\.?\s+(\d{1,2})\s*(?:-|–|to)\s*(?:([A-Z][a-z]{2})[a-z]*\.?\s+)?(\d{1,2})/.exec(text);
  if (!m) return null;
  const start = dayOf(m[1]!, Number(m[2]), report);
  const end = dayOf(m[3] ?? m[1]!, Number(m[4]), report);
  return start && end ? [start, end] : null;
}

interface Line {
  text: string;
  n: number;
}

function tableRows(lines: Line[], headerTest: (cells: string[]) => boolean): Array<{ cells: string[]; n: number }> {
  for (let i = 0; i < lines.length; i++) {
    const cells = splitRow(lines[i]!.text);
    if (!cells || !headerTest(cells)) continue;
    const rows: Array<{ cells: string[]; n: number }> = [];
    for (let j = i + 2; j < lines.length; j++) {
      const r = splitRow(lines[j]!.text);
      if (!r) break;
      rows.push({ cells: r, n: lines[j]!.n });
    }
    return rows;
  }
  return [];
}

function splitRow(text: string): string[] | null {
  const t = text.trim();
  if (!t.startsWith('|')) return null;
  return t
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((c) => clean(c));
}

/** Parses the text. Throws nothing: what it cannot read becomes a warning, and an empty text an empty draft. */
export function parsePlanText(text: string, offerings: TextPlanOffering[], projectId = 'draft'): TextPlanDraft {
  const lines: Line[] = text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((t, i) => ({ text: t, n: i + 1 }));
  const fields: ParsedField[] = [];
  const warnings: string[] = [];
  const find = (re: RegExp, from = 0, to = lines.length) => {
    for (let i = from; i < to; i++) {
      const m = re.exec(lines[i]!.text);
      if (m) return { m, line: lines[i]!, i };
    }
    return null;
  };

  // Title and report date.
  const h1 = find(/^#\s+(.+)$/);
  const title = h1 ? clean(h1.m[1]!).replace(/\s+-\s+(One-Pager|Summary|Plan)$/i, '') : 'Imported plan';
  const purpose = find(/\*\*Purpose:\*\*\s*(.+)$/);
  const span = purpose ? /\b(M\d+)\s*-\s*(M\d+)\b/.exec(purpose.m[1]!) : null;
  const name = span ? `${title} (${span[1]}\u2013${span[2]})` : title;
  const reportFound = find(/\*\*Report Date:\*\*\s*([A-Z][a-z]+)\s+(\d{1,2}),\s*(\d{4})/);
  const report = reportFound
    ? {
        year: Number(reportFound.m[3]),
        month: MONTHS.indexOf(reportFound.m[1]!.slice(0, 3).toLowerCase()) + 1,
        day: Number(reportFound.m[2]),
      }
    : { year: 2025, month: 1, day: 1 };
  if (!reportFound) warnings.push('No "**Report Date:**" line: dates without a year are read as 2025.');
  if (h1) fields.push({ key: 'project.name', label: 'Project name', value: name, line: h1.line.n });

  // Provider of the hardware ("## Available Hardware Options (Google Colab)").
  const providerLine = find(/^##\s+Available Hardware.*\(([^)]+)\)/i);
  const provider = providerLine ? providerLine.m[1]!.trim() : '';
  const providerKey = provider.split(/\s+/).pop()?.toLowerCase() ?? '';
  const offeringFor = (hardware: string): { offeringId: string | null; gpuId: string | null } => {
    const gpu = /\b(T4|L4|A100|H100|A10G?|V100|L40S?|P100|RTX\s?\d{4})\b/i.exec(hardware)?.[1]?.toLowerCase().replace(/\s/g, '');
    if (!gpu) return { offeringId: null, gpuId: null };
    const candidates = offerings.filter((o) => o.gpuId.toLowerCase().startsWith(`${gpu}-`)).sort((a, b) => a.id.localeCompare(b.id));
    const atProvider = candidates.filter(
      (o) => providerKey && (o.id.toLowerCase().includes(providerKey) || o.label.toLowerCase().includes(providerKey)),
    );
    const o = atProvider[0] ?? candidates[0];
    return { offeringId: o?.id ?? null, gpuId: o?.gpuId ?? null };
  };

  // Tracks.
  const tracks: Track[] = [];
  const trackMilestones = new Map<string, string[]>();
  for (let i = 0; i < lines.length; i++) {
    const m = /^\*\*Track\s+(\d+):\s*(.+?)\s*\(([^)]+)\)\*\*/.exec(lines[i]!.text.trim());
    if (!m) continue;
    const body: string[] = [];
    for (let j = i + 1; j < lines.length && lines[j]!.text.trim().startsWith('-'); j++) body.push(lines[j]!.text);
    const get = (label: string) => body.map((b) => new RegExp(`^\\s*-\\s*${label}:\\s*(.+)$`, 'i').exec(b)?.[1]).find(Boolean) ?? '';
    const when = dayRange(get('Timeline'), report);
    const trackName = clean(m[2]!);
    const id = `track-${slug(trackName.split(' ')[0]!).replace(/-/g, '')}`;
    if (!when) warnings.push(`Track ${m[1]} (${trackName}) has no "Timeline: Mon D - Mon D" line: its dates are the project's.`);
    tracks.push({
      id,
      projectId,
      name: trackName,
      owner: clean(m[3]!),
      focus: clean(get('Focus')),
      colour: TRACK_PALETTE[tracks.length % TRACK_PALETTE.length]!,
      start: when?.[0] ?? '',
      end: when?.[1] ?? '',
      position: tracks.length,
      notes: null,
    });
    const hw = get('Hardware');
    const codes: string[] = [];
    for (const r of hw.matchAll(/\bM(\d+)(?:\s*-\s*M(\d+))?/g))
      for (let k = Number(r[1]); k <= Number(r[2] ?? r[1]); k++) codes.push(`M${k}`);
    trackMilestones.set(id, codes);
    fields.push({
      key: `track:${id}`,
      label: `Track ${m[1]}`,
      value: `${trackName} — owner ${clean(m[3]!)}${when ? `, ${when[0]} → ${when[1]}` : ''}`,
      line: lines[i]!.n,
    });
  }
  const starts = tracks
    .map((t) => t.start)
    .filter(Boolean)
    .sort();
  const ends = tracks
    .map((t) => t.end)
    .filter(Boolean)
    .sort();
  const projectStart = starts[0] ?? `${report.year}-${pad(report.month)}-${pad(report.day)}`;
  const projectEnd = ends[ends.length - 1] ?? projectStart;
  for (const t of tracks) {
    t.start ||= projectStart;
    t.end ||= projectEnd;
  }

  // Milestone sections: "### … M1 (50 Cases, Proof of Concept) - …" up to the next "### " or "## ".
  const sections = new Map<string, { name: string; from: number; to: number; line: number }>();
  for (let i = 0; i < lines.length; i++) {
    const m = /^###\s.*?\bM(\d+)\s*\(([^)]+)\)/.exec(lines[i]!.text);
    if (!m) continue;
    let to = i + 1;
    while (to < lines.length && !/^#{2,3}\s/.test(lines[to]!.text)) to++;
    sections.set(`M${m[1]}`, { name: clean(m[2]!), from: i, to, line: lines[i]!.n });
  }
  const perRun = (from: number, to: number) => {
    // The first figures of the section, before an "Alternative" block.
    const alt = find(/^\*\*Alternative/i, from, to)?.i ?? to;
    const hours = find(/Training time:\s*~?([\d.]+\s*-\s*[\d.]+|[\d.]+)\s*hours/i, from, alt);
    const cost = find(/Cost:\s*~?\$([\d.]+\s*-\s*[\d.]+|[\d.]+)/i, from, alt);
    return {
      hours: range(hours?.m[1]),
      usd: range(cost?.m[1]),
      hoursText: hours?.line.text.trim() ?? '',
      usdText: cost?.line.text.trim() ?? '',
    };
  };

  // Cost-benefit table: runs and total cost per milestone.
  const costRows = tableRows(lines, (c) => c[0] === 'Milestone' && c.some((x) => /Training Runs/i.test(x)));
  const costOf = new Map(
    costRows
      .filter((r) => /^M\d+$/.test(r.cells[0]!))
      .map((r) => [r.cells[0]!, { runs: range(r.cells[2]), total: range(r.cells[4]), line: r.n }]),
  );

  // Final table: phases with dates, hardware and cost.
  const phaseRows = tableRows(lines, (c) => c[0] === 'Phase' && c.some((x) => /Hardware/i.test(x)) && c.some((x) => /Duration/i.test(x)));
  const byCode = new Map<
    string,
    Array<{ label: string; dates: [string, string] | null; hardware: string; usd: Range | null; n: number }>
  >();
  for (const r of phaseRows) {
    const m = /^(M\d+)\s+(.+)$/.exec(r.cells[0]!);
    if (!m) continue;
    const list = byCode.get(m[1]!) ?? [];
    list.push({ label: m[2]!, dates: dayRange(r.cells[1] ?? '', report), hardware: r.cells[2] ?? '', usd: range(r.cells[3]), n: r.n });
    byCode.set(m[1]!, list);
  }
  if (phaseRows.length === 0)
    warnings.push('No table of phases ("| Phase | Duration | Hardware | Cost |"): milestones have no dates or hardware.');

  const milestones: Milestone[] = [];
  const codes = [...new Set([...sections.keys(), ...byCode.keys()])].sort((a, b) => Number(a.slice(1)) - Number(b.slice(1)));
  for (const code of codes) {
    const section = sections.get(code);
    const rows = byCode.get(code) ?? [];
    const cost = costOf.get(code);
    const id = code.toLowerCase();
    const trackId = [...trackMilestones].find(([, list]) => list.includes(code))?.[0] ?? tracks[0]?.id ?? 'track-1';
    const mname = section?.name ?? code;
    // Sub-blocks "**Phase 1 - Experimentation (L4 GPU):**" inside the section.
    const blocks = section
      ? lines
          .slice(section.from, section.to)
          .map((l, k) => ({ l, k: section.from + k }))
          .filter(({ l }) => /^\*\*Phase\s+\d+\s*-\s*/.test(l.text))
      : [];
    const totalRuns = cost?.runs ?? { low: 1, high: 1 };
    const phases: MilestonePhase[] = rows.map((row) => {
      const final = /final run/i.test(row.label);
      const runs =
        rows.length === 1
          ? totalRuns
          : final
            ? { low: 1, high: 1 }
            : { low: Math.max(0, totalRuns.low - 1), high: Math.max(0, totalRuns.high - 1) };
      const block = blocks.find(
        ({ l }) => l.text.toLowerCase().includes(row.label.split(' ')[0]!.toLowerCase()) || (final && /final/i.test(l.text)),
      );
      const blockEnd = block ? (blocks.find((b) => b.k > block.k)?.k ?? section!.to) : (section?.to ?? 0);
      const figures = section
        ? perRun(block?.k ?? section.from, block ? blockEnd : section.to)
        : { hours: null, usd: null, hoursText: '', usdText: '' };
      const usd = rows.length === 1 ? (cost?.total ?? row.usd) : runs.high === 1 ? figures.usd : row.usd;
      const author: AuthorEstimate | null = figures.hours
        ? {
            hours: { low: runs.low * figures.hours.low, high: runs.high * figures.hours.high },
            usd: usd ?? { low: 0, high: 0 },
            hoursPerRun: figures.hours,
            usdPerRun: figures.usd,
            text:
              [figures.hoursText, figures.usdText]
                .filter(Boolean)
                .map((t) => `'${clean(t.replace(/^-\s*/, ''))}'`)
                .join('; ') + `; ${runs.low}-${runs.high} runs (text)`,
          }
        : null;
      const hw = offeringFor(row.hardware);
      if (!hw.offeringId)
        warnings.push(`${code} ${row.label}: no catalog offering for "${row.hardware}"${provider ? ` at ${provider}` : ''}.`);
      return {
        id: `${id}-${slug(row.label.split(' ')[0]!)}`,
        name: rows.length === 1 ? mname : row.label.charAt(0) + row.label.slice(1).toLowerCase(),
        start: row.dates?.[0] ?? projectStart,
        end: row.dates?.[1] ?? projectEnd,
        offeringId: hw.offeringId,
        gpuId: hw.gpuId,
        runs,
        workload: null,
        authorEstimate: author,
        appEstimate: null,
      };
    });
    milestones.push({
      id,
      trackId,
      code,
      name: mname,
      description: section ? clean(lines[section.from]!.text.replace(/^###\s*/, '')) : '',
      facts: [],
      phases,
      position: milestones.length,
    });
    fields.push({
      key: `milestone:${id}`,
      label: `Milestone ${code}`,
      value: `${mname} — ${phases.map((p) => `${p.name}: ${p.start} → ${p.end}, ${p.gpuId ?? 'no hardware'}, ${p.runs.low}-${p.runs.high} runs`).join('; ')}`,
      line: section?.line ?? rows[0]?.n ?? 0,
    });
  }

  // Budget options.
  const scenarios: TextPlanDraft['scenarios'] = [];
  let budget: { value: string; line: number } | null = null;
  for (let i = 0; i < lines.length; i++) {
    const m = /^\*\*(Option\s+\d+:\s*.+?)\*\*\s*$/.exec(lines[i]!.text.trim());
    if (!m) continue;
    const bullets: Line[] = [];
    for (let j = i + 1; j < lines.length && lines[j]!.text.trim().startsWith('-'); j++) bullets.push(lines[j]!);
    const get = (label: string) => bullets.map((b) => new RegExp(`${label}:\\s*(.+)$`, 'i').exec(clean(b.text))?.[1]).find(Boolean);
    const usd = range(get('Total cost'));
    const days = range(get('Total time'));
    const last = bullets.length ? clean(bullets[bullets.length - 1]!.text.replace(/^\s*-\s*/, '')) : '';
    const risk = /Total (cost|time)/i.test(last) || /^M\d+:/.test(last) ? '' : last.replace(/^Risk:\s*/i, '');
    const optionName = clean(m[1]!);
    const id = slug(optionName.replace(/\(.*?\)/g, '').replace(/:/, ''));
    scenarios.push({
      id,
      name: optionName,
      description: `Budget option from the text (line ${lines[i]!.n}).`,
      variation: "A copy of the plan as read; the text gives the option's figures, not its bookings.",
      author: { usd, days, risk, text: bullets.map((b) => clean(b.text.replace(/^\s*-\s*/, ''))).join('; ') },
    });
    fields.push({
      key: `option:${id}`,
      label: optionName,
      value: `cost ${usd ? `$${usd.low}-${usd.high}` : '—'}, time ${days ? `${days.low}-${days.high} days` : '—'}${risk ? `, ${risk}` : ''}`,
      line: lines[i]!.n,
    });
    if (/recommended/i.test(optionName) && usd) budget = { value: String(usd.high), line: lines[i]!.n };
  }
  if (budget)
    fields.push({ key: 'project.budget', label: 'Budget (the recommended option)', value: `USD ${budget.value}`, line: budget.line });
  else warnings.push('No budget option marked "(Recommended)": the budget is 0.');

  // Weekly sharing, kept as notes.
  const notes: string[] = [];
  const sharing = find(/^\*\*Resource Sharing:\*\*/i);
  if (sharing) {
    for (let j = sharing.i + 1; j < lines.length && lines[j]!.text.trim().startsWith('-'); j++)
      notes.push(`Weekly sharing (text line ${lines[j]!.n}): ${clean(lines[j]!.text.replace(/^\s*-\s*/, ''))}`);
    fields.push({
      key: 'project.sharing',
      label: 'Weekly sharing (notes; book the weeks on the timeline)',
      value: notes.map((n) => n.replace(/^.*?: /, '')).join(' · '),
      line: sharing.line.n,
    });
  }
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
