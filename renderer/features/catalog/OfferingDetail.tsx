import { useEffect, useState } from 'react';
import type { Gpu, OfferingWithPrices, Price, ProviderLimits } from '../../../shared/domain/catalog';
import { api, unwrap } from '../../app/api';
import { formatPrice, formatUsd, PRICE_KIND_LABELS } from './catalog-rows';
import { pricePerGpuHour } from '../../../shared/domain/catalog-price';
import { selectCostSettings, useSettings } from '../settings/store';
import { describeAge, isStale, type PriceFlag } from '../../../shared/domain/price-health';
import { todayIso } from './catalog-text';
import { readableSource, shortSource } from '../../../shared/domain/source-documents';

/** The side panel of one offering: what it is, its current prices with their basis, and its whole price history. */
export function OfferingDetail(props: {
  offering: OfferingWithPrices;
  gpu: Gpu | undefined;
  /** The provider's run limits (issue 18), when the catalog knows them. */
  limits?: ProviderLimits | null;
  version: number;
  /** Age after which a price is stale (Settings), months. */
  staleMonths: number;
  /** The app's flags on this offering's prices, with their reasons. */
  flags: readonly PriceFlag[];
  onClose: () => void;
  onEdit: () => void;
  onDelete: () => void;
  /** Opens the form that adds a new dated price to this offering. */
  onAddPrice: () => void;
}) {
  const { offering, gpu } = props;
  const costSettings = useSettings(selectCostSettings);
  const [history, setHistory] = useState<Price[]>([]);
  useEffect(() => {
    void unwrap(api.catalog.getPriceHistory({ offeringId: offering.id })).then(
      (r) => setHistory(r.prices),
      () => setHistory([]),
    );
  }, [offering.id, props.version]);
  return (
    <aside className="panel offering-detail" aria-label={`Offering ${offering.sku}`}>
      <div className="panel-title">
        <h2>{offering.sku}</h2>
        <span className="badge">{offering.providerName}</span>
        {offering.userDefined && <span className="badge info">yours</span>}
        <span className="spacer" />
        <button
          type="button"
          className="btn small"
          aria-label={`Close the details of ${offering.sku}`}
          title="Close (Escape)"
          onClick={props.onClose}
        >
          ×
        </button>
      </div>
      <dl className="facts">
        <dt>GPU</dt>
        <dd>
          {offering.gpuCount} × {gpu?.name ?? offering.gpuId}{' '}
          {gpu && (
            <span className="muted">
              ({gpu.memoryGiB} GiB, {gpu.memoryBandwidthGBs} GB/s)
            </span>
          )}
        </dd>
        {offering.vcpus !== null && (
          <>
            <dt>vCPUs / RAM</dt>
            <dd>
              {offering.vcpus} vCPU{offering.ramGiB !== null ? ` · ${offering.ramGiB} GiB` : ''}
            </dd>
          </>
        )}
        {(offering.localDiskGB ?? null) !== null && (
          <>
            <dt>Local disk</dt>
            <dd>
              {offering.localDiskGB} GB {offering.hostSource && <span className="muted">({shortSource(offering.hostSource)})</span>}
            </dd>
          </>
        )}
        {props.limits && (
          <>
            <dt>Run limits</dt>
            <dd data-testid="run-limits">
              {[
                props.limits.sessionHours !== null ? `a session ends after ${props.limits.sessionHours} h` : null,
                props.limits.jobTimeoutDefaultHours !== null
                  ? `a job stops at its timeout (${props.limits.jobTimeoutDefaultHours * 60} min unless set)`
                  : null,
                props.limits.spotEvictionNoticeSeconds !== null
                  ? `spot evicted with ${props.limits.spotEvictionNoticeSeconds} s notice`
                  : null,
              ]
                .filter(Boolean)
                .join('; ')}{' '}
              <span className="muted">({shortSource(props.limits.source)})</span>
            </dd>
          </>
        )}
        {offering.region && (
          <>
            <dt>Region</dt>
            <dd>{offering.region}</dd>
          </>
        )}
        {offering.powerWatts !== null && (
          <>
            <dt>Power</dt>
            <dd>{offering.powerWatts} W under load</dd>
          </>
        )}
        {offering.notes && (
          <>
            <dt>Notes</dt>
            <dd className="notes">{offering.notes}</dd>
          </>
        )}
      </dl>
      <div className="panel-title">
        <h3>Current prices</h3>
        <span className="spacer" />
        <button type="button" className="btn small" onClick={props.onAddPrice}>
          + Add price
        </button>
      </div>
      <ul className="price-list">
        {offering.prices.map((p) => {
          const per = pricePerGpuHour(p, offering, costSettings);
          return (
            <li key={p.id}>
              <strong>{PRICE_KIND_LABELS[p.kind]}</strong> {formatPrice(p)} <span className="muted">as of {p.asOf}</span>
              {per && (
                <div className="muted small">
                  ≈ {formatUsd(per.usd)} per GPU-hour — {per.basis}
                </div>
              )}
              <div className="muted small" title={readableSource(p.source)}>
                Source: {shortSource(p.source)}
              </div>
              {p.notes && <div className="muted small">{p.notes}</div>}
              {isStale(p.asOf, todayIso(), props.staleMonths) && (
                <div className="small">
                  <span className="badge warn">stale</span> {describeAge(p.asOf, todayIso())}, older than {props.staleMonths} months
                  (Settings)
                </div>
              )}
              {props.flags
                .filter((f) => f.priceKind === p.kind)
                .map((f) => (
                  <div key={f.priceId} className="small" role="note">
                    <span className="badge bad">flagged</span> {f.reason} Left out of estimates unless you include flagged prices.
                  </div>
                ))}
            </li>
          );
        })}
      </ul>
      <h3>Price history ({history.length})</h3>
      <table className="data compact" aria-label="Price history">
        <thead>
          <tr>
            <th>As of</th>
            <th>Kind</th>
            <th className="num">Price</th>
            <th>Source</th>
          </tr>
        </thead>
        <tbody>
          {history.map((p) => (
            <tr key={p.id} title={`Recorded ${p.recordedAt.slice(0, 16).replace('T', ' ')} UTC`}>
              <td className="nowrap">{p.asOf}</td>
              <td className="nowrap">{PRICE_KIND_LABELS[p.kind]}</td>
              <td className="num">{formatPrice(p)}</td>
              <td className="small" title={`${readableSource(p.source)}${p.notes ? `\n${p.notes}` : ''}`}>
                {shortSource(p.source)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {offering.userDefined && (
        <div className="toolbar" style={{ marginTop: 10 }}>
          <button type="button" className="btn" onClick={props.onEdit}>
            Edit offering
          </button>
          <button type="button" className="btn danger" onClick={props.onDelete}>
            Delete offering
          </button>
        </div>
      )}
    </aside>
  );
}
