/** IPC adapters of the billing import channels (contract/budget-import.ts). */
import fs from 'node:fs';
import { UserError } from '../../../../shared/domain/errors';
import type { budgetImportChannels } from '../../../../shared/ipc/contract/budget-import';
import type { HandlerMap } from '../../handler-table';

export const budgetImportHandlers: HandlerMap<typeof budgetImportChannels> = {
  'budget:choose-import-file': async ({ previewRows }, { services, deps }) => {
    const file = await deps.dialogs.openFile({
      title: 'Import a billing export',
      filters: [{ name: 'Billing exports', extensions: ['csv', 'gz', 'zip', 'parquet', 'txt', 'tsv'] }, { name: 'All files', extensions: ['*'] }],
    });
    if (!file) return { file: null, fileName: '', bytes: 0, container: 'plain', delimiter: null, format: null, description: '', header: [], rows: [] };
    return services.budget.previewFile(file, previewRows);
  },
  'budget:preview-file': ({ file, previewRows }, { services }) => services.budget.previewFile(file, previewRows),
  'budget:import-file': ({ file, format, mappingName, mapping, skipInvalid }, { services }) =>
    services.budget.importFile({ file, format, mappingName, mapping, skipInvalid }),
  'budget:cancel-import': (_request, { services }) => ({ cancelled: services.budget.cancelImport() }),
  'budget:list-imports': (_request, { services }) => ({ imports: services.budget.listImports() }),
  'budget:undo-import': ({ id }, { services }) => services.budget.undoImport(id),
  'budget:save-mapping': ({ name, mapping }, { services }) => services.budget.saveMapping(name, mapping),
  'budget:list-mappings': (_request, { services }) => ({ mappings: services.budget.listMappings() }),
  'budget:export-mapping': async ({ name }, { services, deps }) => {
    const saved = services.budget.listMappings().find((m) => m.name === name);
    if (!saved) throw new UserError('UNKNOWN_MAPPING', `No saved column mapping named "${name}".`, { field: 'name', value: name });
    const fileName = `${name.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'mapping'}.mapping.json`;
    const file = await deps.dialogs.saveFile({ title: 'Export the column mapping (for gpu-planner import --mapping)', defaultPath: fileName, filters: [{ name: 'JSON', extensions: ['json'] }] });
    if (!file) return { file: null };
    fs.writeFileSync(file, `${JSON.stringify(saved.mapping, null, 2)}\n`, 'utf8');
    return { file };
  },
  'budget:spend-summary': ({ by, filters, exact }, { services }) => services.budget.spendSummary({ by, filters, exact }),
  'budget:list-spend-lines': (request, { services }) => services.budget.listSpendLines(request),
};
