import fs from 'node:fs';
import path from 'node:path';
import type { Database } from 'better-sqlite3';
import { EXAMPLE_PROJECT_FILE, parseProjectFile } from '../../../shared/domain/plan/example';
import { resolveBundledWorkloads, type BundledWorkloadEntry } from '../../../shared/domain/plan/milestone-workloads';
import { parseWorkload } from '../../../shared/estimate/workload';
import { upsertWorkload } from '../queries/estimate';

/**
 * Saves the bundled workloads (resources/models/workloads.json: VitalDB M1–M3, ClinicalBERT, PRS-Med, Mistral-7B LoRA);
 * the VitalDB ones are the example project's milestone phases (`fromPhase`), read from that project's file.
 */
export function seedEstimate(db: Database, resourcesDir: string): void {
  const file = path.join(resourcesDir, 'models', 'workloads.json');
  if (!fs.existsSync(file)) return;
  const { workloads: entries } = JSON.parse(fs.readFileSync(file, 'utf8')) as { workloads: BundledWorkloadEntry[] };
  const projectFile = path.join(resourcesDir, EXAMPLE_PROJECT_FILE);
  const project = fs.existsSync(projectFile)
    ? parseProjectFile(JSON.parse(fs.readFileSync(projectFile, 'utf8')))
    : { plan: { milestones: [] } };
  const workloads = resolveBundledWorkloads(entries, project);
  const now = new Date().toISOString();
  for (const w of workloads) {
    parseWorkload(w.workload, `resources/models/workloads.json#${w.id}`);
    upsertWorkload(db, { id: w.id, name: w.name, workloadJson: JSON.stringify(w.workload), now });
  }
}
