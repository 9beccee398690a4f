import { catalogChannels } from '../../../shared/ipc/contract/catalog';
import type { HandlerMap } from '../handler-table';

export const catalogHandlers: HandlerMap<typeof catalogChannels> = {
  'catalog:list-discrepancies': (_request, { services }) => ({ discrepancies: services.catalog.listDiscrepancies() }),
  'catalog:list-gpus': (_request, { services }) => ({ gpus: services.catalog.listGpus() }),
  'catalog:list-providers': (_request, { services }) => ({ providers: services.catalog.listProviders() }),
  'catalog:list-offerings': (_request, { services }) => ({ offerings: services.catalog.listOfferings() }),
  'catalog:get-price-history': ({ offeringId }, { services }) => ({ prices: services.catalog.getPriceHistory(offeringId) }),
  'catalog:add-price': (request, { services }) => ({ price: services.catalog.addPrice(request) }),
  'catalog:create-offering': (request, { services }) => ({ offering: services.catalog.createOffering(request) }),
  'catalog:update-offering': (request, { services }) => ({ offering: services.catalog.updateOffering(request) }),
  'catalog:delete-offering': ({ id }, { services }) => ({ deleted: services.catalog.deleteOffering(id) }),
};
