/**
 * What a keystroke on a timeline cell, a double click on an empty week and a dropped drag mean, as plan commands:
 * pure (no React, no DOM), so each mapping is unit-tested. The Timeline only runs what these return.
 *
 * Keys on a track's week: arrows move the focus; Alt+←/→ moves the week's bookings; Shift+→ extends the first booking
 * into the next week; Shift+← removes the week's bookings; +/− changes the first booking's hours by 4; Delete or
 * Backspace removes them; Enter (or n) opens the week's first booking, or on an empty week the booking editor with a
 * draft (figures from the plan: shared/domain/plan/booking.ts) that nothing saves until the user does.
 */
import { newBooking } from '../../../shared/domain/plan/booking';
import { moveAllocationsCommand, type PlanCommand } from '../../../shared/domain/plan/commands';
import type { Allocation, OfferingFacts, Plan } from '../../../shared/domain/plan/types';
import { addWeeksToKey } from '../../../shared/domain/plan/weeks';
import type { Run } from './timeline-model';

/** Hours added or taken by + and −. */
export const HOURS_STEP = 4;
const MAX_WEEK_HOURS = 168;

export interface KeyStroke {
  key: string;
  altKey: boolean;
  shiftKey: boolean;
}

/** A cell of a track's swimlane. */
export interface CellAt {
  trackIndex: number;
  week: string;
}

export interface CellContext extends CellAt {
  plan: Plan;
  /** The timeline's weeks, in order. */
  weeks: string[];
  offerings: Map<string, OfferingFacts>;
  /** The bookings of the cell. */
  here: Allocation[];
  newId: (prefix: string) => string;
}

export type CellAction =
  /** Move the focus (and the selection) to another cell. */
  | { type: 'focus'; to: CellAt }
  /** Select a booking of the cell (the Booking panel opens on it). */
  | { type: 'open'; allocationId: string }
  /** Open the Booking panel on an unsaved draft for an empty week: nothing is booked until it is saved. */
  | { type: 'draft'; allocation: Allocation }
  /**
   * Apply a command; once it is saved, focus `focus` and, when given, select the booking `select` there. With
   * `focusFirst` the focus is asked for before the edit (it stays on the cell whether the edit is saved or not).
   */
  | { type: 'edit'; command: PlanCommand; focus: CellAt; select?: string; focusFirst?: boolean }
  /** The key is the timeline's (the page does not scroll) but does nothing here (↑ on the first track). */
  | { type: 'none' };

const removeAll = (label: string, list: Allocation[]): PlanCommand => ({
  type: 'batch',
  label,
  commands: list.map((a) => ({ type: 'remove' as const, entity: 'allocation' as const, id: a.id })),
});

/** Moves bookings by whole weeks (negative: earlier). */
export function shiftCommand(plan: Plan, list: Allocation[], weeks: number): PlanCommand {
  return moveAllocationsCommand(
    plan,
    list.map((a) => a.id),
    (w) => addWeeksToKey(w, weeks),
  );
}

/** A booking's copy in the next week (Shift+→, and each week a bar's right edge is dragged over). */
function extension(a: Allocation, week: string, newId: (prefix: string) => string): PlanCommand {
  return {
    type: 'upsert',
    entity: 'allocation',
    value: { ...a, id: newId('alloc'), week, phaseId: null, note: `extended from ${a.week}` },
  };
}

/**
 * The unsaved booking an empty cell opens the editor on (Enter, double click): the plan's figures for the track when
 * it names hardware, else a blank booking whose offering and hours the user must fill in.
 */
export function draftBooking(plan: Plan, trackId: string, week: string, offerings: Map<string, OfferingFacts>, id: string): Allocation {
  return (
    newBooking(plan, trackId, week, offerings, id) ?? {
      id,
      trackId,
      week,
      offeringId: null,
      gpuId: '',
      gpuCount: 1,
      hours: 0,
      phaseId: null,
      note: null,
    }
  );
}

/** What a keystroke on a track's week does; null when the key means nothing there (the browser keeps it). */
export function cellKeyAction(stroke: KeyStroke, ctx: CellContext): CellAction | null {
  const { plan, weeks, here, trackIndex, week } = ctx;
  const at = (dw: number, dt = 0): CellAt => ({ trackIndex: trackIndex + dt, week: addWeeksToKey(week, dw) });
  const { key, altKey, shiftKey } = stroke;
  const horizontal = key === 'ArrowRight' ? 1 : key === 'ArrowLeft' ? -1 : 0;
  if (horizontal && altKey && here.length) return { type: 'edit', command: shiftCommand(plan, here, horizontal), focus: at(horizontal) };
  if (horizontal === 1 && shiftKey && here.length)
    return { type: 'edit', command: extension(here[0]!, at(1).week, ctx.newId), focus: at(1) };
  if (horizontal === -1 && shiftKey && here.length)
    return { type: 'edit', command: removeAll('remove week from bar', here), focus: at(-1) };
  if (horizontal) {
    const i = weeks.indexOf(week) + horizontal;
    return i >= 0 && i < weeks.length ? { type: 'focus', to: { trackIndex, week: weeks[i]! } } : null;
  }
  if (key === 'ArrowDown' || key === 'ArrowUp') {
    const t = trackIndex + (key === 'ArrowDown' ? 1 : -1);
    return t >= 0 && t < plan.tracks.length ? { type: 'focus', to: { trackIndex: t, week } } : { type: 'none' };
  }
  if (key === 'Enter' || key === 'n') {
    if (here.length) return { type: 'open', allocationId: here[0]!.id };
    return { type: 'draft', allocation: draftBooking(plan, plan.tracks[trackIndex]!.id, week, ctx.offerings, ctx.newId('alloc')) };
  }
  if ((key === '+' || key === '=' || key === '-') && here.length) {
    const a = here[0]!;
    const hours = Math.max(0, Math.min(MAX_WEEK_HOURS, a.hours + (key === '-' ? -HOURS_STEP : HOURS_STEP)));
    return { type: 'edit', command: { type: 'upsert', entity: 'allocation', value: { ...a, hours } }, focus: at(0), focusFirst: true };
  }
  if ((key === 'Delete' || key === 'Backspace') && here.length) {
    return { type: 'edit', command: removeAll('delete allocation', here), focus: at(0), focusFirst: true };
  }
  return null;
}

/**
 * A drag dropped `delta` weeks away: a moved bar moves all its bookings; a resized bar gains copies of its last booking
 * up to the first week already booked on the same hardware, or loses its last weeks (it keeps at least one).
 */
export function dropCommand(
  plan: Plan,
  run: Run,
  mode: 'move' | 'resize',
  delta: number,
  newId: (prefix: string) => string,
): PlanCommand | null {
  if (delta === 0) return null;
  if (mode === 'move') return shiftCommand(plan, run.allocations, delta);
  const last = run.allocations[run.allocations.length - 1]!;
  if (delta > 0) {
    const commands: PlanCommand[] = [];
    for (let i = 1; i <= delta; i++) {
      const week = addWeeksToKey(last.week, i);
      if (
        plan.allocations.some(
          (a) => a.trackId === run.trackId && a.week === week && a.offeringId === run.offeringId && a.gpuId === run.gpuId,
        )
      )
        break;
      commands.push(extension(last, week, newId));
    }
    return { type: 'batch', label: 'extend bar', commands };
  }
  const keep = Math.max(1, run.allocations.length + delta);
  return removeAll('shorten bar', run.allocations.slice(keep));
}
