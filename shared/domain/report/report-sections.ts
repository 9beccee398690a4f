/** The report's sections in print order, with their titles (the Review screen's checklist and the print view). */
export const REPORT_SECTIONS = [
  { id: 'summary', title: 'Executive summary' },
  { id: 'tracks', title: 'Tracks and owners' },
  { id: 'milestones', title: 'Milestones' },
  { id: 'timeline', title: 'Weekly allocation timeline' },
  { id: 'hardware', title: 'Hardware recommendations' },
  { id: 'costs', title: 'Cost by track, month and provider' },
  { id: 'budget', title: 'Budget against actual' },
  { id: 'assumptions', title: 'Assumptions and estimation model' },
  { id: 'prices', title: 'Catalog prices used' },
  { id: 'problems', title: 'Open problems' },
  { id: 'next-steps', title: 'Next steps' },
  { id: 'technical', title: 'Technical appendix: the estimation model’s constants' },
] as const;
export type ReportSectionId = (typeof REPORT_SECTIONS)[number]['id'];
export const REPORT_SECTION_IDS = REPORT_SECTIONS.map((s) => s.id) as [ReportSectionId, ...ReportSectionId[]];
