/**
 * The heading lines of a plan text, matched in time linear in the line (issue 26 item 10). The regular expressions
 * they replace — `^##\s+Available Hardware.*\(([^)]+)\)`, `^\*\*Track\s+(\d+):\s*(.+?)\s*\(([^)]+)\)\*\*` and
 * `^###\s.*?\bM(\d+)\s*\(([^)]+)\)` — backtrack over every "(" of the line (20 s for a line of 100,000 of them); these
 * give the same answers (text-plan-headings.test.ts holds them side by side) in one pass.
 */

const isSpace = (c: string | undefined) => c !== undefined && /\s/.test(c);
const isWord = (c: string | undefined) => c !== undefined && /\w/.test(c);
const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';

/**
 * "## Available Hardware Options (Google Colab)" → "Google Colab": the last "(…)" of the line with something in it
 * (what the greedy `.*\(([^)]+)\)` picks), or null.
 */
export function hardwareProvider(text: string): string | null {
  const head = /^##\s+Available Hardware/i.exec(text);
  if (!head) return null;
  const lastClose = text.lastIndexOf(')');
  for (let i = lastClose - 1; i >= head[0].length; i--)
    if (text[i] === '(' && text[i + 1] !== ')') return text.slice(i + 1, text.indexOf(')', i + 1));
  return null;
}

/** "**Track 1: Name (Owner)**" → number, name and owner (the first "(…)**" after a name of one character or more). */
export function trackHeading(text: string): { number: string; name: string; owner: string } | null {
  const head = /^\*\*Track\s+(\d+):/.exec(text);
  if (!head) return null;
  const rest = text.slice(head[0].length);
  // Each ")**" closes the owner opened by the first "(" after the ")" before it: the ranges do not overlap.
  let previousClose = -1;
  for (let close = rest.indexOf(')'); close >= 0; previousClose = close, close = rest.indexOf(')', close + 1)) {
    if (!rest.startsWith('**', close + 1)) continue;
    const open = rest.indexOf('(', Math.max(previousClose + 1, 1));
    if (open < 0 || open >= close - 1) continue;
    return { number: head[1]!, name: rest.slice(0, open).trim(), owner: rest.slice(open + 1, close) };
  }
  return null;
}

/** "### … M1 (50 Cases, Proof of Concept) - …" → the code's number and what its first "(…)" holds. */
export function milestoneHeading(text: string): { number: string; name: string } | null {
  if (!text.startsWith('###') || !isSpace(text[3])) return null;
  const lastClose = text.lastIndexOf(')');
  for (let q = text.indexOf('M', 4); q >= 0 && q < lastClose; q = text.indexOf('M', q + 1)) {
    if (isWord(text[q - 1])) continue;
    let i = q + 1;
    while (isDigit(text[i])) i++;
    if (i === q + 1) continue;
    const digitsEnd = i;
    while (isSpace(text[i])) i++;
    if (text[i] !== '(' || text[i + 1] === ')' || i + 1 >= lastClose) continue;
    return { number: text.slice(q + 1, digitsEnd), name: text.slice(i + 1, text.indexOf(')', i + 1)) };
  }
  return null;
}
