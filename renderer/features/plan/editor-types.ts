/**
 * The plan editor's shapes the store and the editor dialogs share: which editor is open, and what an edit carries
 * besides its command. Their own module, so store.ts and the editors do not import each other.
 */

/** The open editor: the project, or one track, milestone, pool or data cost (id null: a new one). */
export type EditorTarget = { kind: 'project' } | { kind: 'track' | 'milestone' | 'pool' | 'dataCost'; id: string | null; trackId?: string };

/** What an edit carries besides its command: where a removed track's spend and rules go (another track, or null). */
export interface EditOptions {
  removedTrackSpend?: { moveTo: string | null } | undefined;
}
