/** IPC adapters of the billing import channels (contract/budget-import.ts). */
import type { budgetImportChannels } from '../../../../shared/ipc/contract/budget-import';
import type { HandlerMap } from '../../handler-table';

export const budgetImportHandlers: HandlerMap<typeof budgetImportChannels> = {
  'budget:choose-import-file': async ({ previewRows }, { services, deps }) => {
    const file = await deps.dialogs.openFile({
      title: 'Import a billing export',
      filters: [
        { name: 'Billing exports', extensions: ['csv', 'gz', 'zip', 'parquet', 'txt', 'tsv'] },
        { name: 'All files', extensions: ['*'] },
      ],
    });
    if (!file)
      return {
        file: null,
        fileToken: null,
        fileName: '',
        bytes: 0,
        container: 'plain',
        delimiter: null,
        format: null,
        description: '',
        header: [],
        rows: [],
      };
    const { token } = deps.fileGrants.grant(file);
    return { ...(await services.budget.previewFile(file, previewRows)), fileToken: token };
  },
  // Main reads only files it handed out (file-grants.ts): the renderer names them by token, never by path.
  'budget:preview-file': async ({ fileToken, previewRows }, { services, deps }) => ({
    ...(await services.budget.previewFile(deps.fileGrants.resolve(fileToken), previewRows)),
    fileToken,
  }),
  'budget:import-file': ({ fileToken, format, mappingName, mapping, skipInvalid, filter }, { services, deps }) =>
    services.budget.importFile({ file: deps.fileGrants.resolve(fileToken), format, mappingName, mapping, skipInvalid, filter }),
  'budget:cancel-import': (_request, { services }) => ({ cancelled: services.budget.cancelImport() }),
  'budget:list-imports': async (_request, { services }) => ({ imports: await services.budget.listImportsWithReach() }),
  'budget:undo-import': ({ id }, { services }) => services.budget.undoImport(id),
  'budget:save-mapping': ({ name, mapping }, { services }) => services.budget.saveMapping(name, mapping),
  'budget:list-mappings': (_request, { services }) => ({ mappings: services.budget.listMappings() }),
  'budget:export-mapping': ({ name }, { services }) => services.budget.exportMapping(name),
  'budget:spend-summary': ({ by, filters, exact }, { services }) => services.budget.spendSummary({ by, filters, exact }),
  'budget:list-spend-lines': (request, { services }) => services.budget.listSpendLines(request),
};
