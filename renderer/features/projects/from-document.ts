/** What "New project from a document…" shows of a read document: the read items grouped for the lead, and the fields they correct. */
import type { Response } from '../../../shared/ipc/contract';

type Read = Response<'plan:read-text-plan'>;
type Item = Read['read'][number];

export interface DocumentFields {
  name: string;
  start: string;
  end: string;
  currency: string;
  budget: string;
  tracks: Array<{ id: string; name: string; owner: string }>;
}

export interface DocumentSections {
  milestones: Item[];
  hardware: Item[];
  budget: Item[];
  /** Items the fields already show (name, dates, tracks) are left out; this is what else was read. */
  other: Item[];
  /** Under the budget field: where the figure came from, or that the document gave none. */
  budgetHint: string;
}

const SHOWN_AS_FIELDS = /^(project\.name|project\.dates|track:)/;

export function documentSections(read: Read): DocumentSections {
  const by = (test: (key: string) => boolean) => read.read.filter((r) => test(r.key));
  const milestones = by((k) => k.startsWith('milestone:') || k.startsWith('phase:'));
  const hardware = by((k) => k.startsWith('gpu:') || k.startsWith('offering:'));
  const budget = by((k) => k === 'project.budget' || k.startsWith('budget-line:') || k.startsWith('option:'));
  const grouped = new Set([...milestones, ...hardware, ...budget]);
  const other = read.read.filter((r) => !grouped.has(r) && !SHOWN_AS_FIELDS.test(r.key));
  const total = read.read.find((r) => r.key === 'project.budget');
  const budgetHint = total ? `from line ${total.line}` : 'the document states none';
  return { milestones, hardware, budget, other, budgetHint };
}
