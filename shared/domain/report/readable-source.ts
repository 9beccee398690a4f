/** A source as a person reads it: seed file names with their hashes and repository paths dropped. */
export function readableSource(source: string): string {
  return source
    .replace(/\s*\(\s*\d{3}_[0-9a-f]{8,}\.\w+\s*\)/g, '')
    .replace(/\b\d{3}_[0-9a-f]{8,}\.\w+\s*[—-]\s*/g, '')
    .replace(/\b(seed\s+)?(\d{3})_[0-9a-f]{8,}\.\w+/g, (_m, seed: string | undefined, n: string) => `${seed ?? 'seed '}${n}`)
    .replace(/(\.\.\/)?\b(shared|electron|renderer|resources)\/[\w./-]+/g, 'the app’s calibration data')
    .replace(/\s{2,}/g, ' ')
    .trim();
}
