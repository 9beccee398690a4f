/**
 * The origin documents the bundled examples, claims and some catalog prices were transcribed from, named by their
 * titles — a lead reads "source document “VitalDB Training Infrastructure - One-Pager”", never a file name with its
 * hash, a "seed 001" or a repository path. The titles are the documents' own first headings.
 */

/** Each source document by its number (the file `NNN_<hash>.txt` it was read from), with its own title. */
export const SOURCE_DOCUMENTS: Readonly<Record<string, { title: string }>> = {
  '000': { title: 'Hardware & Cost Notes' },
  '001': { title: 'VitalDB Training Infrastructure - One-Pager' },
  '002': { title: 'Cloud Platform Recommendations for PRS-Med Training' },
  '003': { title: 'Training Hardware Recommendations and Azure Costing' },
  '004': { title: 'Hardware Selection Guide' },
};

/** “Title”, quoted, for a document number ("003"); the number itself where it names no known document. */
export function documentTitle(number: string): string {
  const doc = SOURCE_DOCUMENTS[number];
  return doc ? `“${doc.title}”` : `document ${number}`;
}

/**
 * A source as a person reads it: the origin documents named by title ("seed 003", "seed 003's", "(003_2de1….txt)"
 * and "seed-003" all become the source document “…”), file hashes and repository paths dropped.
 */
export function readableSource(source: string): string {
  return (
    source
      .replace(/\s*\(\s*\d{3}_[0-9a-f]{8,}\.\w+\s*\)/g, '')
      .replace(/\b[Ss]eed[\s-](\d{3})\s+"([^"]+)"/g, (_m, n: string, quoted: string) =>
        // The document's title after its number, or a quote from it.
        quoted === SOURCE_DOCUMENTS[n]?.title ? `source document ${documentTitle(n)}` : `source document ${documentTitle(n)}: "${quoted}"`,
      )
      .replace(/\b\d{3}_[0-9a-f]{8,}\.\w+\s*[—-]\s*/g, '')
      .replace(/\b(?:seed\s+)?(\d{3})_[0-9a-f]{8,}\.\w+/gi, (_m, n: string) => `source document ${documentTitle(n)}`)
      .replace(/\bseed\s+(["'])([^"']+?)\1/gi, (_m, _q: string, quoted: string) => `source document “${quoted.replace(/:.*$/, '')}”`)
      .replace(/\b[Ss]eed[\s-](\d{3})(’s|'s)?/g, (_m, n: string, owner: string | undefined) =>
        owner ? `${documentTitle(n)}’s` : `source document ${documentTitle(n)}`,
      )
      .replace(/\b([Tt])he seed('s|’s)?/g, (_m, t: string, owner: string | undefined) => `${t}he document${owner ? '’s' : ''}`)
      .replace(/\b([Ss])eed:/g, (_m, s: string) => (s === 'S' ? 'Document:' : 'document:'))
      .replace(/(\.\.\/)?\bresources\/claims\/[\w./-]+/g, 'the app’s checked claims')
      .replace(
        /(\.\.\/)?\bresources\/catalog\/[\w./-]+|\b(?:subscriptions|offerings|gpus|providers|storage-transfer|reliability)\.json\b/g,
        'the app’s catalog',
      )
      .replace(/(\.\.\/)?\b(shared|electron|renderer|resources)\/[\w./-]+/g, 'the app’s calibration data')
      // Any other file (a price list imported from "/home/…/prices.csv"): its name says nothing to a reader (URLs stay).
      .replace(/[^\s,;()"“”]*?[\w.-]+\.(?:csv|tsv|jsonl?|xlsx?|txt|md)\b/g, (m) => (m.includes('://') ? m : 'an imported file'))
      .replace(/\s{2,}/g, ' ')
      .trim()
  );
}

/**
 * Whether a source (a catalog row's) cites the source document of this number: "seed 003 …", "seed-003",
 * "(003_2de1fb48cfc1bd36.txt)".
 */
export function citesDocument(source: string, number: string): boolean {
  if (!/^\d{3}$/.test(number)) return false;
  return new RegExp(`\\b[Ss]eed[\\s-]${number}\\b|\\b${number}_[0-9a-f]{8,}\\.\\w+`).test(source);
}

/**
 * A source in a few words, for a table cell (the whole source is one hover away): the document's title for a
 * source document, the page's name for "Name, https://…", else the readable source.
 */
export function shortSource(source: string): string {
  const readable = readableSource(source);
  const doc = /^source document (“[^”]+”)/.exec(readable);
  if (doc) return doc[1]!;
  const named = /^([^,]{3,60}), https?:\/\//.exec(readable);
  return named ? named[1]! : readable;
}
