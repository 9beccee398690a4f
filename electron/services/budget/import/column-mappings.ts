/** Named column mappings: saved, listed, resolved for an import, and exported as JSON for `gpu-planner import --mapping`. */
import fs from 'node:fs';
import { columnMappingSchema, type ColumnMapping } from '../../../../shared/domain/billing/column-mapping';
import { UserError } from '../../../../shared/domain/errors';
import * as q from '../../../db/queries/budget';
import type { ServiceDeps } from '../../service-deps';

export function createColumnMappings(deps: Pick<ServiceDeps, 'db' | 'now' | 'dialogs'>) {
  const { db } = deps;

  /** The mapping an import request names: given inline, or saved under `mappingName`; undefined for none. */
  function resolveMapping(request: { mapping?: ColumnMapping | undefined; mappingName?: string | undefined }): ColumnMapping | undefined {
    if (request.mapping) return request.mapping;
    if (!request.mappingName) return undefined;
    const saved = q.selectMapping(db, request.mappingName);
    if (!saved)
      throw new UserError('UNKNOWN_MAPPING', `No saved column mapping named "${request.mappingName}".`, {
        field: 'mappingName',
        value: request.mappingName,
      });
    return columnMappingSchema.parse(JSON.parse(saved.mapping_json));
  }

  function saveMapping(name: string, mapping: ColumnMapping) {
    const at = deps.now().toISOString();
    q.upsertMapping(db, name, JSON.stringify({ ...mapping, name }), at);
    return { name, mapping: { ...mapping, name }, updatedAt: at };
  }

  function listMappings() {
    return q
      .selectMappings(db)
      .map((m) => ({ name: m.name, mapping: columnMappingSchema.parse(JSON.parse(m.mapping_json)), updatedAt: m.updated_at }));
  }

  /** Writes a saved mapping as JSON where the user chooses (save dialog), for `gpu-planner import FILE --mapping`. */
  async function exportMapping(name: string): Promise<{ file: string | null }> {
    const saved = listMappings().find((m) => m.name === name);
    if (!saved) throw new UserError('UNKNOWN_MAPPING', `No saved column mapping named "${name}".`, { field: 'name', value: name });
    const fileName = `${name.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'mapping'}.mapping.json`;
    const file = await deps.dialogs.saveFile({
      title: 'Export the column mapping (for gpu-planner import --mapping)',
      defaultPath: fileName,
      filters: [{ name: 'JSON', extensions: ['json'] }],
    });
    if (!file) return { file: null };
    fs.writeFileSync(file, `${JSON.stringify(saved.mapping, null, 2)}\n`, 'utf8');
    return { file };
  }

  return { resolveMapping, saveMapping, listMappings, exportMapping };
}
