/** What the project switcher says: counts in words, and the notices after a plan file is imported or exported. */

import { plural } from '../../../shared/domain/count-words';

/** The file's name without its folder. */
export const fileName = (file: string) => file.split(/[\\/]/).pop();

/** A plan file imported as a new project: its file, scenarios and spend lines. */
export const importedProjectNotice = (file: string, name: string, scenarios: number, spendLines: number) =>
  `Imported ${fileName(file)}: a new project “${name}” with ${plural(scenarios, 'scenario')}${spendLines ? ` and ${plural(spendLines, 'spend line')}` : ''}.`;

/** A plan file saved: where, its size in KB (at least 1), its scenarios, and its spend lines when they were included. */
export const exportedNotice = (saved: { file: string; bytes: number; scenarios: number; spendLines: number }, withSpend: boolean) =>
  `Saved ${saved.file} (${Math.max(1, Math.round(saved.bytes / 1024))} KB, ${plural(saved.scenarios, 'scenario')}${withSpend ? `, ${plural(saved.spendLines, 'spend line')}` : ''}).`;

/** A project created from a plan document: its name and what it holds. */
export const fromDocumentNotice = (created: { name: string; tracks: number; milestones: number; scenarios: number }) =>
  `Created “${created.name}” from the document: ${plural(created.tracks, 'track')}, ${plural(created.milestones, 'milestone')}${created.scenarios ? `, ${plural(created.scenarios, 'scenario')}` : ''}. Book its weeks on the timeline.`;
