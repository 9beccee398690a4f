/** What the project switcher says: counts in words, and the notices after a plan file is imported or exported. */

/** "1 scenario", "3 scenarios". */
export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The file's name without its folder. */
export const fileName = (file: string) => file.split(/[\\/]/).pop();

/** A plan file imported as a new project: its file, scenarios and spend lines. */
export const importedProjectNotice = (file: string, scenarios: number, spendLines: number) =>
  `Imported ${fileName(file)}: a new project with ${plural(scenarios, 'scenario')}${spendLines ? ` and ${plural(spendLines, 'spend line')}` : ''}.`;

/** A plan file saved: where, its size in KB (at least 1), its scenarios, and its spend lines when they were included. */
export const exportedNotice = (saved: { file: string; bytes: number; scenarios: number; spendLines: number }, withSpend: boolean) =>
  `Saved ${saved.file} (${Math.max(1, Math.round(saved.bytes / 1024))} KB, ${plural(saved.scenarios, 'scenario')}${withSpend ? `, ${plural(saved.spendLines, 'spend line')}` : ''}).`;
