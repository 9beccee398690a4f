/**
 * The milestones of a plan text: milestone sections ("### M1 (50 Cases, …)") with per-run hours and cost, the
 * cost-benefit table (runs and total cost per milestone) and the final table of phases with dates and hardware.
 * A phase named "Final Run" has 1 run, the others share the rest of the milestone's runs; a single phase has them all.
 */
import type { AuthorEstimate, Milestone, MilestonePhase, Range } from '../plan/types';
import { clean, dayRange, findLine, range, slug, tableRows, type Line, type TextReading } from './text-plan-reading';
import type { TracksRead } from './text-plan-tracks';
import { milestoneHeading } from './text-plan-headings';

/** Hardware named in the text (T4, L4, A100 …) → the catalog offering of that GPU, at the provider when it has one. */
/** A catalog offering the text's hardware names are matched against. */
export interface TextPlanOffering {
  id: string;
  gpuId: string;
  label: string;
}

export type HardwareLookup = (hardware: string) => { offeringId: string | null; gpuId: string | null };

export function hardwareLookup(offerings: TextPlanOffering[], provider: string): HardwareLookup {
  const providerKey = provider.split(/\s+/).pop()?.toLowerCase() ?? '';
  return (hardware) => {
    const gpu = /\b(T4|L4|A100|H100|A10G?|V100|L40S?|P100|RTX\s?\d{4})\b/i.exec(hardware)?.[1]?.toLowerCase().replace(/\s/g, '');
    if (!gpu) return { offeringId: null, gpuId: null };
    const candidates = offerings.filter((o) => o.gpuId.toLowerCase().startsWith(`${gpu}-`)).sort((a, b) => a.id.localeCompare(b.id));
    const atProvider = candidates.filter(
      (o) => providerKey && (o.id.toLowerCase().includes(providerKey) || o.label.toLowerCase().includes(providerKey)),
    );
    const o = atProvider[0] ?? candidates[0];
    return { offeringId: o?.id ?? null, gpuId: o?.gpuId ?? null };
  };
}

interface Section {
  name: string;
  from: number;
  to: number;
  line: number;
}

interface PhaseRow {
  label: string;
  dates: [string, string] | null;
  hardware: string;
  usd: Range | null;
  n: number;
}

/** Milestone sections: "### … M1 (50 Cases, Proof of Concept) - …" up to the next "### " or "## ". */
function milestoneSections(lines: Line[]): Map<string, Section> {
  const sections = new Map<string, Section>();
  for (let i = 0; i < lines.length; i++) {
    const heading = milestoneHeading(lines[i]!.text);
    if (!heading) continue;
    let to = i + 1;
    while (to < lines.length && !/^#{2,3}\s/.test(lines[to]!.text)) to++;
    sections.set(`M${heading.number}`, { name: clean(heading.name), from: i, to, line: lines[i]!.n });
  }
  return sections;
}

/** The per-run hours and cost of lines from…to: the first figures there, before an "Alternative" block. */
function perRun(lines: Line[], from: number, to: number) {
  const alt = findLine(lines, /^\*\*Alternative/i, from, to)?.i ?? to;
  const hours = findLine(lines, /Training time:\s*~?([\d.]+\s*-\s*[\d.]+|[\d.]+)\s*hours/i, from, alt);
  const cost = findLine(lines, /Cost:\s*~?\$([\d.]+\s*-\s*[\d.]+|[\d.]+)/i, from, alt);
  return {
    hours: range(hours?.m[1]),
    usd: range(cost?.m[1]),
    hoursText: hours?.line.text.trim() ?? '',
    usdText: cost?.line.text.trim() ?? '',
  };
}

/** Final table: phases with dates, hardware and cost, by milestone code. */
function phaseRowsByCode(doc: TextReading): Map<string, PhaseRow[]> {
  const phaseRows = tableRows(
    doc.lines,
    (c) => c[0] === 'Phase' && c.some((x) => /Hardware/i.test(x)) && c.some((x) => /Duration/i.test(x)),
  );
  const byCode = new Map<string, PhaseRow[]>();
  for (const r of phaseRows) {
    const m = /^(M\d+)\s+(.+)$/.exec(r.cells[0]!);
    if (!m) continue;
    const list = byCode.get(m[1]!) ?? [];
    list.push({ label: m[2]!, dates: dayRange(r.cells[1] ?? '', doc.report), hardware: r.cells[2] ?? '', usd: range(r.cells[3]), n: r.n });
    byCode.set(m[1]!, list);
  }
  if (phaseRows.length === 0)
    doc.warnings.push('No table of phases ("| Phase | Duration | Hardware | Cost |"): milestones have no dates or hardware.');
  return byCode;
}

export function readMilestones(doc: TextReading, tracksRead: TracksRead, offeringFor: HardwareLookup, provider: string): Milestone[] {
  const { lines, fields, warnings } = doc;
  const { tracks, trackMilestones, projectStart, projectEnd } = tracksRead;
  const sections = milestoneSections(lines);

  // Cost-benefit table: runs and total cost per milestone.
  const costRows = tableRows(lines, (c) => c[0] === 'Milestone' && c.some((x) => /Training Runs/i.test(x)));
  const costOf = new Map(
    costRows
      .filter((r) => /^M\d+$/.test(r.cells[0]!))
      .map((r) => [r.cells[0]!, { runs: range(r.cells[2]), total: range(r.cells[4]), line: r.n }]),
  );
  const byCode = phaseRowsByCode(doc);

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
        ? perRun(lines, block?.k ?? section.from, block ? blockEnd : section.to)
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
  return milestones;
}
