/**
 * The Estimate screen's hooks: the reliability ratings of the catalog, and which table row is selected — a different
 * workload (model, method, data) starts from its best row; an edit of the same one keeps the selection.
 */
import { useEffect, useState } from 'react';
import type { WorkloadEstimate } from '../../../shared/estimate/estimate';
import type { ReliabilityCatalog } from '../../../shared/estimate/reliable-ranking';
import { api } from '../../app/api';
import { defaultSelectedKey, workloadIdentity, type EstimateRow } from './estimate-rows';

export function useReliabilityCatalog(): ReliabilityCatalog {
  const [catalog, setCatalog] = useState<ReliabilityCatalog>({ entries: [], offeringProviders: {} });
  useEffect(() => {
    void api.catalog.listReliability({}).then((r) => r.ok && setCatalog(r.value));
  }, []);
  return catalog;
}

export function useEstimateSelection(estimate: WorkloadEstimate | null, rows: readonly EstimateRow[]) {
  const [selected, setSelected] = useState<string | null>(null);
  const [selectedFor, setSelectedFor] = useState('');
  const identity = workloadIdentity(estimate);
  useEffect(() => {
    if (!estimate) return;
    if (selectedFor !== identity || !selected || !rows.some((r) => r.key === selected)) {
      setSelected(defaultSelectedKey(rows));
      setSelectedFor(identity);
    }
  }, [estimate, rows, selected, identity, selectedFor]);
  return [selected, setSelected] as const;
}
