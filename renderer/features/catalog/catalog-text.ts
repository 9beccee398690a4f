/** How the Catalog screen writes GPU names, datasheet references and a refused CSV import. */
import type { ErrorDetails } from '../../../shared/domain/errors';
import { readableSource } from '../../../shared/domain/source-documents';

/** Today as YYYY-MM-DD (UTC): the date a price recorded now is as of. */
export const todayIso = () => new Date().toISOString().slice(0, 10);

/** GPU names without vendor, product line and memory (the Memory column beside it says that), so the table stays narrow. */
export const shortGpuName = (name: string) =>
  name
    .replace(/^NVIDIA /, '')
    .replace(/^GeForce /, '')
    .replace(/ \d+GB$/, '');

/** A datasheet reference as `host · what it says`, the full text stays in the hover. */
export const sourceLabel = (source: string) => {
  const url = /https?:\/\/([^/\s]+)\S*/.exec(source);
  if (!url) return readableSource(source);
  const host = url[1]!.replace(/^(www|images|resources)\./, '');
  const detail = /\(([^)]*)\)/.exec(source.slice(url.index + url[0].length))?.[1];
  return detail ? `${host} · ${detail}` : host;
};

/** A refused import: the message, then its first twelve problems, one a line with line, column and the value read. */
export function importRefusalText(message: string, problems: NonNullable<ErrorDetails['problems']> = []): string {
  if (problems.length === 0) return message;
  const lines = problems
    .slice(0, 12)
    .map((p) => `line ${p.line}, ${p.column}: ${p.message}${p.value !== undefined ? ` (“${p.value}”)` : ''}`);
  return `${message}\n${lines.join('\n')}`;
}
