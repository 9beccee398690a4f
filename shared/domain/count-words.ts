/** Counts in words, one way everywhere (screen, PDF, CLI): "1 track", "3 tracks", "0 errors". */
export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
