/**
 * Which of the scenario list's columns hold something: the source document's figures (cost, risk, days) exist only
 * for a plan read from a source document; a plan the lead made has none, so its list shows no author column.
 */
interface AuthorFigures {
  authorUsd: unknown;
  authorDays: unknown;
  authorRisk: string | null;
}

export function hasDocumentFigures(rows: readonly AuthorFigures[]): boolean {
  return rows.some((r) => r.authorUsd !== null || r.authorDays !== null || (r.authorRisk ?? '') !== '');
}

/** The header of the source document's cost, in words a lead uses (it wraps to two lines rather than being cut). */
export const DOCUMENT_COST_HEADER = "Source document's cost";
