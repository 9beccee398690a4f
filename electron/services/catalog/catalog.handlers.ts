import fs from 'node:fs';
import path from 'node:path';
import { catalogChannels } from '../../../shared/ipc/contract/catalog';
import type { HandlerMap } from '../handler-table';

export const catalogHandlers: HandlerMap<typeof catalogChannels> = {
  'catalog:export-csv': async ({ bom }, { services, deps }) => {
    const file = await deps.dialogs.saveFile({
      title: 'Export catalog as CSV',
      defaultPath: 'gpu-planner-catalog.csv',
      filters: [{ name: 'CSV', extensions: ['csv'] }],
    });
    if (!file) return { file: null, rows: 0 };
    const { text, rows } = services.catalog.exportCsv({ bom });
    fs.writeFileSync(file, text, 'utf8');
    return { file, rows };
  },
  'catalog:import-csv': async (_request, { services, deps }) => {
    const file = await deps.dialogs.openFile({ title: 'Import catalog CSV', filters: [{ name: 'CSV', extensions: ['csv', 'txt'] }] });
    if (!file) return { file: null, rows: 0, offeringsAdded: 0, pricesAdded: 0, unchanged: 0 };
    return { file, ...services.catalog.importCsv(fs.readFileSync(file, 'utf8'), path.basename(file)) };
  },
  'catalog:list-discrepancies': (_request, { services }) => ({ discrepancies: services.catalog.listDiscrepancies() }),
  'catalog:list-gpus': (_request, { services }) => ({ gpus: services.catalog.listGpus() }),
  'catalog:list-providers': (_request, { services }) => ({ providers: services.catalog.listProviders() }),
  'catalog:list-offerings': (_request, { services }) => ({ offerings: services.catalog.listOfferings() }),
  'catalog:list-reliability': (_request, { services }) => services.catalog.listReliability(),
  'catalog:get-price-history': ({ offeringId }, { services }) => ({ prices: services.catalog.getPriceHistory(offeringId) }),
  'catalog:add-price': (request, { services }) => ({ price: services.catalog.addPrice(request) }),
  'catalog:create-offering': (request, { services }) => ({ offering: services.catalog.createOffering(request) }),
  'catalog:update-offering': (request, { services }) => ({ offering: services.catalog.updateOffering(request) }),
  'catalog:delete-offering': ({ id }, { services }) => ({ deleted: services.catalog.deleteOffering(id) }),
};
