/** IPC adapters of the recorded-runs channels (contract/runs.ts): files by token only, the rest straight to the service. */
import { RUN_FILE_FORMAT_LABELS } from '../../../shared/domain/runs/run-files';
import type { runsChannels } from '../../../shared/ipc/contract/runs';
import type { HandlerMap } from '../handler-table';
import type { RunsService } from './runs.service';

function preview(runs: RunsService, file: string, fileToken: string) {
  const read = runs.previewFile(file);
  return { ...read, fileToken, formatLabel: RUN_FILE_FORMAT_LABELS[read.format] };
}

export const runsHandlers: HandlerMap<typeof runsChannels> = {
  'runs:list': ({ projectId }, { services }) => services.runs.list(projectId),
  'runs:record': (request, { services }) => services.runs.record(request),
  'runs:choose-file': async (_request, { services, deps }) => {
    const file = await deps.dialogs.openFile({
      title: 'Import a finished run',
      filters: [
        { name: 'Run files (trainer_state.json, all_results.json, metrics.csv, W&B export)', extensions: ['json', 'csv'] },
        { name: 'All files', extensions: ['*'] },
      ],
    });
    if (!file) return { fileToken: null, fileName: '', format: null, formatLabel: '', runs: [], skipped: [] };
    // Granted before it is read, so a file that fails to read can be chosen again without the dialog's folder lost.
    const { token } = deps.fileGrants.grant(file);
    return preview(services.runs, file, token);
  },
  'runs:preview-file': ({ fileToken }, { services, deps }) => preview(services.runs, deps.fileGrants.resolve(fileToken), fileToken),
  'runs:import-file': ({ fileToken, ...target }, { services, deps }) => {
    const saved = services.runs.importFile({ ...target, file: deps.fileGrants.resolve(fileToken) });
    return {
      projectId: saved.projectId,
      runs: saved.runs,
      corrections: saved.corrections,
      billed: saved.billed,
      runIds: saved.runIds,
      format: saved.format,
      fileName: saved.fileName,
    };
  },
  'runs:edit': (request, { services }) => services.runs.update(request),
  'runs:remove': ({ id }, { services }) => services.runs.remove(id),
  'runs:set-correction': (request, { services }) => services.runs.setCorrection(request),
};
