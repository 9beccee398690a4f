/** The model library (resources/models/presets.json): published configurations, looked up by id or alias. */
import presetsJson from '../../resources/models/presets.json';
import type { Architecture } from './architecture';
import type { ModelInput, PresetFamily } from './model-profile';

export interface ModelPreset {
  id: string;
  aliases?: string[];
  name: string;
  family: PresetFamily;
  arch: Architecture;
  defaultInput: ModelInput;
  maxInput: { seqLen: number } | null;
  /** The published parameter count the tests check the computed one against (null: none published). */
  publishedParams: number | null;
  source: string;
}

export const MODEL_PRESETS: readonly ModelPreset[] = (presetsJson as unknown as { presets: ModelPreset[] }).presets;

const byId = new Map<string, ModelPreset>();
for (const p of MODEL_PRESETS) {
  byId.set(p.id, p);
  for (const alias of p.aliases ?? []) byId.set(alias, p);
}

export function findPreset(id: string): ModelPreset | undefined {
  return byId.get(id.trim().toLowerCase());
}

/** Every id and alias a workload may name. */
export function presetIds(): string[] {
  return [...byId.keys()];
}
