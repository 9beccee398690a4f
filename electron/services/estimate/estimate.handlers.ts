import { estimateChannels } from '../../../shared/ipc/contract/estimate';
import type { HandlerMap } from '../handler-table';

export const estimateHandlers: HandlerMap<typeof estimateChannels> = {
  'estimate:list-presets': (_request, { services }) => ({ presets: services.estimate.listPresets() }),
  'estimate:run': (request, { services }) => services.estimate.run(request),
  'estimate:sweep': (request, { services }) => services.estimate.sweep(request),
  'estimate:cancel-sweep': ({ sweepId }, { services }) => ({ cancelled: services.estimate.cancelSweep(sweepId) }),
  'estimate:save-workload': (request, { services }) => ({ workload: services.estimate.saveWorkload(request) }),
  'estimate:list-workloads': (_request, { services }) => ({ workloads: services.estimate.listWorkloads() }),
  'estimate:delete-workload': ({ id }, { services }) => ({ deleted: services.estimate.deleteWorkload(id) }),
};
