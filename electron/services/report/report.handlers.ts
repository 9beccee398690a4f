import { reportChannels } from '../../../shared/ipc/contract/report';
import type { HandlerMap } from '../handler-table';

export const reportHandlers: HandlerMap<typeof reportChannels> = {
  'report:get-report-model': (request, { services }) => services.report.getReportModel(request),
  'report:export-pdf': (request, { services }) => services.report.exportPdf(request),
  'report:export-csv': (request, { services }) => services.report.exportCsv(request),
};
