/**
 * The tracks of a plan text: "**Track 1: Name (Owner)**" and its bullets (Focus, Hardware with the milestones it
 * serves, "Timeline: Dec 21 - Jan 31"); the project's dates are the first and last track day.
 */
import type { Track } from '../plan/types';
import { TRACK_PALETTE } from './project-copy';
import { bulletsAfter, clean, dayRange, pad, slug, type TextReading } from './text-plan-reading';
import { trackHeading } from './text-plan-headings';

export interface TracksRead {
  tracks: Track[];
  /** Track id → the milestone codes its Hardware line names ("M1-M3" → M1, M2, M3). */
  trackMilestones: Map<string, string[]>;
  projectStart: string;
  projectEnd: string;
}

export function readTracks(doc: TextReading, projectId: string): TracksRead {
  const { lines, report, fields, warnings } = doc;
  const tracks: Track[] = [];
  const trackMilestones = new Map<string, string[]>();
  for (let i = 0; i < lines.length; i++) {
    const heading = trackHeading(lines[i]!.text.trim());
    if (!heading) continue;
    const body = bulletsAfter(lines, i).map((b) => b.text);
    const get = (label: string) => body.map((b) => new RegExp(`^\\s*-\\s*${label}:\\s*(.+)$`, 'i').exec(b)?.[1]).find(Boolean) ?? '';
    const when = dayRange(get('Timeline'), report);
    const trackName = clean(heading.name);
    const id = `track-${slug(trackName.split(' ')[0]!).replace(/-/g, '')}`;
    if (!when) warnings.push(`Track ${heading.number} (${trackName}) has no "Timeline: Mon D - Mon D" line: its dates are the project's.`);
    tracks.push({
      id,
      projectId,
      name: trackName,
      owner: clean(heading.owner),
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
      label: `Track ${heading.number}`,
      value: `${trackName} — owner ${clean(heading.owner)}${when ? `, ${when[0]} → ${when[1]}` : ''}`,
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
  return { tracks, trackMilestones, projectStart, projectEnd };
}
