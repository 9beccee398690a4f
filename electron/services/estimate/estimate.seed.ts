import fs from 'node:fs';
import path from 'node:path';
import type { Database } from 'better-sqlite3';
import { parseWorkload } from '../../../shared/estimate/workload';
import { upsertWorkload } from '../../db/queries/estimate';

interface BundledWorkload {
  id: string;
  name: string;
  workload: Record<string, unknown>;
}

/** Saves the bundled workloads (resources/models/workloads.json: VitalDB M1–M3, ClinicalBERT, PRS-Med, Mistral-7B LoRA). */
export function seedEstimate(db: Database, resourcesDir: string): void {
  const file = path.join(resourcesDir, 'models', 'workloads.json');
  if (!fs.existsSync(file)) return;
  const { workloads } = JSON.parse(fs.readFileSync(file, 'utf8')) as { workloads: BundledWorkload[] };
  const now = new Date().toISOString();
  for (const w of workloads) {
    parseWorkload(w.workload, `resources/models/workloads.json#${w.id}`);
    upsertWorkload(db, { id: w.id, name: w.name, workloadJson: JSON.stringify(w.workload), now });
  }
}
