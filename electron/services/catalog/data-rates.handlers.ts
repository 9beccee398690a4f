import { catalogDataRateChannels } from '../../../shared/ipc/contract/catalog-data-rates';
import type { HandlerMap } from '../handler-table';

export const catalogDataRateHandlers: HandlerMap<typeof catalogDataRateChannels> = {
  'catalog:list-data-rates': (_request, { services }) => ({ rates: services.catalog.listDataRates() }),
  'catalog:update-data-rate': (request, { services }) => ({ rate: services.catalog.updateDataRate(request) }),
};
