/**
 * The Estimate screen's answers at a glance: the model's size and work per sample, the cheapest rental that finishes
 * by a date at so many GPU hours a day, and the fastest under a budget. Clicking an answer selects its row.
 */
import { useState, type ReactNode } from 'react';
import { offerLabel } from '../../../shared/domain/offer-label';
import type { WorkloadEstimate } from '../../../shared/estimate/estimate';
import { cheapestFinishingBy, fastestUnder, finishDate, parseBudgetUsd, parseHoursPerDay } from '../../../shared/estimate/ranking';
import { TextInput } from '../../ui/TextInput';
import { fmtHours, isoInDays, PRICE_KIND_LABEL, si, todayIso, usd } from './estimate-format';
import { rentalsOf } from './estimate-rows';

/** What an answer says when it has none: the workload lacks its data, or no offer meets the condition. */
const noAnswer = (estimate: WorkloadEstimate, nothing: string) => (estimate.ranking.length ? nothing : 'give dataset and epochs');

interface AnswerKpiProps {
  label: string;
  /** The accessible name of the answer. */
  name: string;
  /** The condition typed in: a narrow input, with what stands before and after it. */
  condition: {
    label: string;
    value: string;
    onValueChange: (text: string) => void;
    before?: ReactNode;
    after?: ReactNode;
    errorId: string;
  };
  /** What is wrong with the typed condition (the input is then marked invalid, described by its error), or null. */
  invalid: string | null;
  /** The answer (shown when the condition is valid). */
  children: ReactNode;
}

/** A question with its condition typed in, and its answer (or what is wrong with the condition) below. */
function AnswerKpi({ label, name, condition, invalid, children }: AnswerKpiProps) {
  const { errorId } = condition;
  return (
    <div className="kpi est-answer" aria-label={name}>
      <div className="kpi-label">{label}</div>
      <div className="est-answer-inputs">
        {condition.before}
        <TextInput
          className="est-narrow"
          aria-label={condition.label}
          aria-invalid={invalid !== null}
          aria-describedby={invalid !== null ? errorId : undefined}
          value={condition.value}
          onValueChange={condition.onValueChange}
        />
        {condition.after}
      </div>
      <div className="kpi-sub">
        {invalid !== null ? (
          <span className="field-error" role="alert" id={errorId}>
            {invalid}
          </span>
        ) : (
          children
        )}
      </div>
    </div>
  );
}

export function EstimateKpis({ estimate, onSelect }: { estimate: WorkloadEstimate | null; onSelect: (key: string) => void }) {
  const [deadline, setDeadline] = useState(isoInDays(14));
  const [hoursPerDay, setHoursPerDay] = useState('24');
  const [budget, setBudget] = useState('100');
  const model = estimate?.model;
  if (!estimate || !model) return null;
  const rentals = rentalsOf(estimate);
  const nowIso = `${todayIso()}T00:00:00Z`;
  const perDay = parseHoursPerDay(hoursPerDay);
  const budgetTyped = parseBudgetUsd(budget);
  const cheapest = perDay.ok ? cheapestFinishingBy(rentals, nowIso, deadline, perDay.value) : null;
  const fastest = budgetTyped.ok && budgetTyped.value > 0 ? fastestUnder(rentals, budgetTyped.value) : null;
  return (
    <div className="kpis">
      <div className="kpi">
        <div className="kpi-label">Parameters</div>
        <div className="kpi-value">{si(model.params)}</div>
        <div className="kpi-sub">{si(model.trainableParams)} trainable · computed from the architecture</div>
      </div>
      <div className="kpi">
        <div className="kpi-label">Forward per sample</div>
        <div className="kpi-value">{si(model.forwardFlopsPerSample)}FLOP</div>
        <div className="kpi-sub">{model.tokensPerSample ? `${model.tokensPerSample} tokens · ` : ''}backward = 2× forward</div>
      </div>
      <AnswerKpi
        label="Cheapest that finishes by"
        name="Cheapest that finishes by date"
        invalid={perDay.ok ? null : perDay.message}
        condition={{
          errorId: 'est-hours-per-day-error',
          label: 'GPU hours per day',
          value: hoursPerDay,
          onValueChange: setHoursPerDay,
          before: (
            <>
              <TextInput type="date" className="est-date" aria-label="Deadline" value={deadline} onValueChange={setDeadline} /> at{' '}
            </>
          ),
          after: ' h/day',
        }}
      >
        {perDay.ok && cheapest ? (
          <button type="button" className="linklike" onClick={() => onSelect(cheapest.key)}>
            <strong>{usd(cheapest.usd)}</strong> · {offerLabel(cheapest.providerName, cheapest.sku)} ({PRICE_KIND_LABEL[cheapest.priceKind]}
            ), {fmtHours(cheapest.hours)}, done {finishDate(nowIso, cheapest.hours, perDay.value).slice(0, 10)}
          </button>
        ) : (
          noAnswer(estimate, 'nothing finishes by then')
        )}
      </AnswerKpi>
      <AnswerKpi
        label="Fastest under"
        name="Fastest under budget"
        invalid={budgetTyped.ok ? null : budgetTyped.message}
        condition={{ errorId: 'est-budget-error', label: 'Budget in USD', value: budget, onValueChange: setBudget, before: '$' }}
      >
        {fastest ? (
          <button type="button" className="linklike" onClick={() => onSelect(fastest.key)}>
            <strong>{fmtHours(fastest.hours)}</strong> · {offerLabel(fastest.providerName, fastest.sku)} (
            {PRICE_KIND_LABEL[fastest.priceKind]}), {usd(fastest.usd)}
          </button>
        ) : (
          noAnswer(estimate, 'nothing fits that budget')
        )}
      </AnswerKpi>
    </div>
  );
}
