/**
 * The budget options of a plan text ("**Option 2: Balanced (Recommended)**" and its bullets: total cost, total time,
 * risk), as scenarios; the budget is the total cost (high end) of the option marked "(Recommended)".
 */
import type { ScenarioAuthorFigures } from '../plan/types';
import { bulletsAfter, clean, range, slug, type TextReading } from './text-plan-reading';

export interface TextPlanScenario {
  id: string;
  name: string;
  description: string;
  variation: string;
  author: ScenarioAuthorFigures;
}

export function readBudgetOptions(doc: TextReading): { scenarios: TextPlanScenario[]; budget: { value: string; line: number } | null } {
  const { lines, fields, warnings } = doc;
  const scenarios: TextPlanScenario[] = [];
  let budget: { value: string; line: number } | null = null;
  for (let i = 0; i < lines.length; i++) {
    const m = /^\*\*(Option\s+\d+:\s*.+?)\*\*\s*$/.exec(lines[i]!.text.trim());
    if (!m) continue;
    const bullets = bulletsAfter(lines, i);
    const get = (label: string) => bullets.map((b) => new RegExp(`${label}:\\s*(.+)$`, 'i').exec(clean(b.text))?.[1]).find(Boolean);
    const usd = range(get('Total cost'));
    const days = range(get('Total time'));
    const last = bullets.length ? clean(bullets[bullets.length - 1]!.text.replace(/^\s*-\s*/, '')) : '';
    const risk = /Total (cost|time)/i.test(last) || /^M\d+:/.test(last) ? '' : last.replace(/^Risk:\s*/i, '');
    const optionName = clean(m[1]!);
    const id = slug(optionName.replace(/\(.*?\)/g, '').replace(/:/, ''));
    scenarios.push({
      id,
      name: optionName,
      description: `Budget option from the text (line ${lines[i]!.n}).`,
      variation: "A copy of the plan as read; the text gives the option's figures, not its bookings.",
      author: { usd, days, risk, text: bullets.map((b) => clean(b.text.replace(/^\s*-\s*/, ''))).join('; ') },
    });
    fields.push({
      key: `option:${id}`,
      label: optionName,
      value: `cost ${usd ? `$${usd.low}-${usd.high}` : '—'}, time ${days ? `${days.low}-${days.high} days` : '—'}${risk ? `, ${risk}` : ''}`,
      line: lines[i]!.n,
    });
    if (/recommended/i.test(optionName) && usd) budget = { value: String(usd.high), line: lines[i]!.n };
  }
  if (budget)
    fields.push({ key: 'project.budget', label: 'Budget (the recommended option)', value: `USD ${budget.value}`, line: budget.line });
  else warnings.push('No budget option marked "(Recommended)": the budget is 0.');
  return { scenarios, budget };
}
