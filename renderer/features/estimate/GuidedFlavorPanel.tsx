/**
 * Seed 004's guided choice of a Hugging Face Jobs flavour ("what flavour for a 7B LoRA under $20?"): model size,
 * budget and training type give the seed's recommended flavours; the current workload's estimate on each flavour is
 * shown behind them, with the cheapest that fits within the budget. TPU and CPU flavours: listed, no estimate.
 */
import { useEffect, useMemo, useState } from 'react';
import type { WorkloadEstimate } from '../../../shared/estimate/estimate';
import { guidedFlavorChoice, type TrainingType } from '../../../shared/estimate/hf-flavor-guide';
import { moneyFigure } from '../../../shared/domain/money-format';

const TYPES: Array<[TrainingType, string]> = [
  ['demo', 'quick demo / experiment'],
  ['development', 'development / iteration'],
  ['production', 'production training'],
  ['research', 'research / experimentation'],
];
const money = (v: number) => moneyFigure('USD', v);

export function GuidedFlavorPanel({ estimate }: { estimate: WorkloadEstimate }) {
  const modelB = Number((estimate.model.params / 1e9).toFixed(2));
  const [sizeB, setSizeB] = useState(String(modelB));
  const [budget, setBudget] = useState('20');
  const [type, setType] = useState<TrainingType>('development');
  useEffect(() => setSizeB(String(modelB)), [modelB]);
  const choice = useMemo(() => {
    const size = Number(sizeB);
    const usd = Number(budget);
    if (!(size > 0) || !(usd > 0)) return null;
    return guidedFlavorChoice({ modelParamsB: size, budgetUsd: usd, trainingType: type }, estimate.ranking, estimate.unestimated);
  }, [sizeB, budget, type, estimate]);

  return (
    <section className="panel est-guide" aria-label="Which Hugging Face Jobs flavour">
      <div className="panel-title">
        <strong>Which Hugging Face Jobs flavour?</strong>
        <span className="muted">
          the rules of the source document “Hardware Selection Guide” by model size, budget and training type, with this workload’s estimate
          behind each flavour
        </span>
      </div>
      <div className="est-guide-inputs">
        <label>
          Model size{' '}
          <input
            className="input est-narrow"
            aria-label="Flavour guide: size in B"
            value={sizeB}
            onChange={(e) => setSizeB(e.target.value)}
          />{' '}
          B parameters
        </label>
        <label>
          Budget ${' '}
          <input
            className="input est-narrow"
            aria-label="Flavour guide: at most (USD)"
            value={budget}
            onChange={(e) => setBudget(e.target.value)}
          />
        </label>
        <label>
          Training type{' '}
          <select className="input" aria-label="Training type" value={type} onChange={(e) => setType(e.target.value as TrainingType)}>
            {TYPES.map(([id, label]) => (
              <option key={id} value={id}>
                {label}
              </option>
            ))}
          </select>
        </label>
      </div>
      {!choice ? (
        <p className="muted">Give a model size and a budget above zero.</p>
      ) : (
        <>
          <p className="est-guide-answer" data-testid="guided-answer">
            <strong>{choice.answer}</strong>
          </p>
          <p className="muted">
            The guide: by size “{choice.seed.bySize.label}” → {choice.seed.bySize.flavors.join(', ')}; by budget{' '}
            {choice.seed.byBudget ? `“${choice.seed.byBudget.label}” → ${choice.seed.byBudget.flavors.join(', ')}` : '(no tier above $200)'}
            ; by type “{choice.seed.byType.label}” → {choice.seed.byType.flavors.join(', ')}. Recommended:{' '}
            <strong>{choice.seed.recommended.join(', ')}</strong>
            {choice.seed.conflicts.length > 0 && <> · note: {choice.seed.conflicts.join('; ')}</>}
          </p>
          <table className="data">
            <thead>
              <tr>
                <th>Flavour</th>
                <th>Guide recommends</th>
                <th>Fits</th>
                <th>Hours</th>
                <th>Cost of the run</th>
                <th>Within budget</th>
              </tr>
            </thead>
            <tbody>
              {choice.candidates.map((c) => (
                <tr key={c.offeringId} className={choice.pick?.offeringId === c.offeringId ? 'selected' : undefined}>
                  <td>{c.flavor}</td>
                  <td>{c.seedRecommends ? 'yes' : ''}</td>
                  {c.estimate ? (
                    <>
                      <td>{c.estimate.fits ? 'yes' : 'no'}</td>
                      <td>{c.estimate.hours.toFixed(2)}</td>
                      <td title={c.estimate.basis}>{money(c.estimate.usd)}</td>
                      <td>{c.withinBudget ? 'yes' : 'no'}</td>
                    </>
                  ) : (
                    <td colSpan={4} className="muted" title={c.noEstimate ?? ''}>
                      {c.noEstimate?.split(':')[0]} — priced and listed in the catalog
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
