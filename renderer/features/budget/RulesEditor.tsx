/** Allocation rules, in order: the first rule that matches a spend line assigns it to a track. Live preview of drafts. */
import { useEffect, useMemo, useState } from 'react';
import { RULE_KIND_LABELS, RULE_KINDS, type RuleKind } from '../../../shared/domain/budget/types';
import { api } from '../../app/api';
import { totalsText } from './format';
import { useBudgetStore, type Rule, type RulePreview } from './store';

interface Draft {
  id: number;
  saved: boolean;
  kind: RuleKind;
  key: string;
  pattern: string;
  trackId: string;
}

const toDraft = (r: Rule): Draft => ({ id: r.id, saved: true, kind: r.kind, key: r.key ?? '', pattern: r.pattern, trackId: r.trackId });
let nextDraftId = -1;

export function RulesEditor() {
  const { rules, overview, run } = useBudgetStore();
  const setError = (error: Parameters<ReturnType<typeof useBudgetStore.getState>['setError']>[0]) =>
    useBudgetStore.getState().setError(error);
  const projectId = overview?.projectId ?? '';
  const tracks = overview?.tracksMeta ?? [];
  const [drafts, setDrafts] = useState<Draft[]>(() => rules.map(toDraft));
  const [preview, setPreview] = useState<RulePreview | null>(null);
  useEffect(() => setDrafts(rules.map(toDraft)), [rules]);
  const dirty = useMemo(() => JSON.stringify(drafts) !== JSON.stringify(rules.map(toDraft)), [drafts, rules]);

  // Live preview of what the drafts (saved or not) catch, in their order.
  useEffect(() => {
    if (!projectId) return;
    let cancelled = false;
    const t = setTimeout(() => {
      const valid = drafts.filter((d) => d.pattern.trim() && (d.kind !== 'tag' || d.key.trim()));
      void api.budget
        .previewRules({
          projectId,
          rules: valid.map((d, i) => ({
            id: d.id,
            projectId,
            kind: d.kind,
            key: d.kind === 'tag' ? d.key.trim() : null,
            pattern: d.pattern.trim(),
            trackId: d.trackId,
            position: i + 1,
          })),
        })
        .then((r) => {
          if (!cancelled && r.ok) setPreview(r.value);
        });
    }, 150);
    return () => {
      cancelled = true;
      clearTimeout(t);
    };
  }, [drafts, projectId]);

  const update = (id: number, patch: Partial<Draft>) => setDrafts((ds) => ds.map((d) => (d.id === id ? { ...d, ...patch } : d)));
  const move = (index: number, by: number) =>
    setDrafts((ds) => {
      const next = [...ds];
      const [d] = next.splice(index, 1);
      next.splice(Math.max(0, Math.min(next.length, index + by)), 0, d!);
      return next;
    });
  const add = () =>
    setDrafts((ds) => [...ds, { id: nextDraftId--, saved: false, kind: 'service', key: '', pattern: '', trackId: tracks[0]?.id ?? '' }]);

  // Problems of the last save, by `${row}.${field}`: shown at their field, all at once.
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  async function saveAll() {
    // The whole list in one call: the main process saves all of it in one transaction, or nothing.
    const list = drafts.map((d) => ({
      ...(d.saved ? { id: d.id } : {}),
      kind: d.kind,
      key: d.kind === 'tag' ? d.key.trim() : null,
      pattern: d.pattern.trim(),
      trackId: d.trackId,
    }));
    const saved = await api.budget.replaceRules({ projectId, rules: list });
    if (!saved.ok) {
      const problems = saved.error.details?.problems ?? [];
      const byField: Record<string, string> = {};
      for (const p of problems) {
        const m = /^rules\.(\d+)\.(\w+)$/.exec(p.field ?? '');
        if (m) byField[`${m[1]}.${m[2]}`] = p.message;
      }
      setFieldErrors(byField);
      if (Object.keys(byField).length === 0) setError(saved.error);
      return null;
    }
    setFieldErrors({});
    await run(async () => saved);
    return null;
  }
  const errorAt = (i: number, field: string) => fieldErrors[`${i}.${field}`];

  const catchOf = (id: number) => preview?.rules.find((r) => r.ruleId === id);
  const trackName = (id: string) => tracks.find((t) => t.id === id)?.name ?? id;
  return (
    <div className="bu-rules">
      <div className="panel">
        <div className="panel-title">
          <strong>Allocation rules</strong>
          <span className="muted">
            in order — the first rule that matches a spend line assigns it to the rule’s track; patterns are case-insensitive globs (* any,
            ? one character)
          </span>
        </div>
        <table className="data" aria-label="Allocation rules">
          <thead>
            <tr>
              <th>#</th>
              <th>Match on</th>
              <th>Tag key</th>
              <th>Pattern</th>
              <th>Track</th>
              <th className="num">Lines caught</th>
              <th className="num">Amount</th>
              <th className="num">Shadowed</th>
              <th>
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {drafts.map((d, i) => {
              const c = catchOf(d.id);
              return (
                <tr key={d.id} data-testid="rule-row">
                  <td>{i + 1}</td>
                  <td>
                    <select
                      className="input"
                      aria-label="Match on"
                      value={d.kind}
                      onChange={(e) => update(d.id, { kind: e.target.value as RuleKind })}
                    >
                      {RULE_KINDS.map((k) => (
                        <option key={k} value={k}>
                          {RULE_KIND_LABELS[k]}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td>
                    <input
                      className={`input ${d.kind === 'tag' && !d.key.trim() ? 'invalid' : ''}`}
                      aria-label={`Tag key, rule ${i + 1}`}
                      disabled={d.kind !== 'tag'}
                      value={d.kind === 'tag' ? d.key : ''}
                      placeholder={d.kind === 'tag' ? 'team' : ''}
                      onChange={(e) => update(d.id, { key: e.target.value })}
                      size={7}
                      aria-invalid={errorAt(i, 'key') ? true : undefined}
                      aria-describedby={errorAt(i, 'key') ? `rule-${i}-key-error` : undefined}
                    />
                    {errorAt(i, 'key') && (
                      <div className="field-error" id={`rule-${i}-key-error`} role="alert">
                        {errorAt(i, 'key')}
                      </div>
                    )}
                  </td>
                  <td>
                    <input
                      className={`input ${!d.pattern.trim() ? 'invalid' : ''}`}
                      aria-label={`Pattern, rule ${i + 1}`}
                      value={d.pattern}
                      placeholder="e.g. Amazon Elastic Compute Cloud or p3.*"
                      onChange={(e) => update(d.id, { pattern: e.target.value })}
                      size={22}
                      aria-invalid={errorAt(i, 'pattern') ? true : undefined}
                      aria-describedby={errorAt(i, 'pattern') ? `rule-${i}-pattern-error` : undefined}
                    />
                    {errorAt(i, 'pattern') && (
                      <div className="field-error" id={`rule-${i}-pattern-error`} role="alert">
                        {errorAt(i, 'pattern')}
                      </div>
                    )}
                  </td>
                  <td>
                    <select
                      className="input"
                      aria-label="Track"
                      value={d.trackId}
                      onChange={(e) => update(d.id, { trackId: e.target.value })}
                    >
                      {tracks.map((t) => (
                        <option key={t.id} value={t.id}>
                          {t.name}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td className="num" data-testid="rule-count">
                    {c?.count ?? '—'}
                  </td>
                  <td className="num">{c ? totalsText(c.totals) : '—'}</td>
                  <td className="num" title="Lines this rule matches that an earlier rule already took">
                    {c?.shadowed ?? '—'}
                  </td>
                  <td>
                    <div className="bu-row-actions">
                      <button className="btn small" aria-label="Move up" disabled={i === 0} onClick={() => move(i, -1)}>
                        ↑
                      </button>
                      <button className="btn small" aria-label="Move down" disabled={i === drafts.length - 1} onClick={() => move(i, 1)}>
                        ↓
                      </button>
                      <button
                        className="btn small danger"
                        aria-label="Delete rule"
                        onClick={() => setDrafts((ds) => ds.filter((x) => x.id !== d.id))}
                      >
                        ✕
                      </button>
                    </div>
                  </td>
                </tr>
              );
            })}
            <tr className="bu-unalloc-row" data-testid="rule-unallocated">
              <td />
              <td colSpan={4}>
                <strong>Unallocated</strong> <span className="muted">— caught by no rule</span>
              </td>
              <td className="num">{preview?.unallocated.count ?? '—'}</td>
              <td className="num">{preview ? totalsText(preview.unallocated.totals) : '—'}</td>
              <td colSpan={2} />
            </tr>
          </tbody>
        </table>
        <div className="toolbar bu-rule-actions">
          <button className="btn" onClick={add}>
            Add rule
          </button>
          <span className="spacer" />
          {dirty && <span className="badge warn">unsaved changes — the preview already shows them</span>}
          <button className="btn" disabled={!dirty} onClick={() => setDrafts(rules.map(toDraft))}>
            Revert
          </button>
          <button className="btn primary" disabled={!dirty} onClick={() => void saveAll()}>
            Save rules
          </button>
        </div>
      </div>
      {preview && (
        <div className="panel">
          <div className="panel-title">
            <strong>Preview</strong>
            <span className="muted">{preview.lineCount} spend line(s) of the active imports; a few lines each rule takes</span>
          </div>
          {/* A scrolling region: focusable, so a keyboard user can scroll it (axe scrollable-region-focusable). */}
          <div className="bu-preview" role="region" aria-label="Preview of the lines each rule takes" tabIndex={0}>
            {[
              ...preview.rules.map((r, i) => ({
                title: `${i + 1}. ${r.description} → ${trackName(r.trackId)}`,
                ids: r.sampleLineIds,
                count: r.count,
              })),
              { title: 'Unallocated', ids: preview.unallocated.sampleLineIds, count: preview.unallocated.count },
            ].map((g) => (
              <div key={g.title} className="bu-preview-group">
                <div>
                  <strong>{g.title}</strong> <span className="muted">{g.count} line(s)</span>
                </div>
                {g.ids.length === 0 ? (
                  <div className="muted">nothing</div>
                ) : (
                  <table className="data bu-compact">
                    <tbody>
                      {g.ids.map((id) => {
                        const s = preview.samples[String(id)];
                        return s ? (
                          <tr key={id}>
                            <td>{s.day}</td>
                            <td className="num">
                              {s.currency} {s.billedCost}
                            </td>
                            <td>{s.service ?? '—'}</td>
                            <td className="mono bu-ellipsis" title={s.resource ?? ''}>
                              {s.resource ?? '—'}
                            </td>
                            <td className="mono">{s.sku ?? ''}</td>
                            <td className="muted bu-ellipsis" title={s.tags}>
                              {s.tags}
                            </td>
                          </tr>
                        ) : null;
                      })}
                    </tbody>
                  </table>
                )}
              </div>
            ))}
          </div>
        </div>
      )}
    </div>
  );
}
