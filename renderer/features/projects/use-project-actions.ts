/**
 * What the project menu does without a dialog: duplicate, archive or unarchive the current project, and import a
 * plan file as a new project or as a scenario of the current one; each ends in a notice (or the error) and, for an
 * import, on the Plan screen.
 */
import { api } from '../../app/api';
import { useNavigation } from '../../app/navigation';
import { fileName, importedProjectNotice } from './project-text';
import { useProjects } from './store';

type Project = ReturnType<typeof useProjects.getState>['projects'][number];

export function useProjectActions(current: Project | null) {
  const p = useProjects();
  const go = useNavigation((s) => s.go);

  const duplicate = async () => {
    if (!current) return;
    const r = await api.plan.duplicateProject({ projectId: current.id });
    if (!r.ok) return p.setError(r.error);
    await p.switchTo(r.value.projectId);
    p.setNotice(`Duplicated “${current.name}”.`);
  };
  const archive = async () => {
    if (!current) return;
    const r = await api.plan.archiveProject({ projectId: current.id, archived: !current.archivedAt });
    if (!r.ok) return p.setError(r.error);
    await p.refresh();
    p.setNotice(
      r.value.archived
        ? `Archived “${current.name}” (still listed under Archived; unarchive from the same menu).`
        : `“${current.name}” is active again.`,
    );
  };
  const importFile = async (asScenario: boolean) => {
    const r = await api.plan.importFile(asScenario && current ? { intoProjectId: current.id } : {});
    if (!r.ok) return p.setError(r.error);
    if (!r.value.file) return;
    p.setError(null);
    if (r.value.scenarioId) {
      p.touch();
      p.setNotice(`Imported ${fileName(r.value.file)} as a scenario of “${current?.name}”.`);
      go('plan');
    } else if (r.value.projectId) {
      await p.switchTo(r.value.projectId);
      p.setNotice(importedProjectNotice(r.value.file, r.value.name ?? '', r.value.scenarios, r.value.spendLines));
      go('plan');
    }
  };
  return { duplicate, archive, importFile };
}
