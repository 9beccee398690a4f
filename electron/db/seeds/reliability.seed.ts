import fs from 'node:fs';
import path from 'node:path';
import type { Database } from 'better-sqlite3';
import { z } from 'zod';
import { reliabilitySchema } from '../../../shared/domain/reliability';
import { upsertReliability } from '../queries/reliability';

/** Loads resources/catalog/reliability.json (absent file: nothing). Rows of providers the database lacks are skipped. */
export function seedReliability(db: Database, resourcesDir: string): void {
  const file = path.join(resourcesDir, 'catalog', 'reliability.json');
  if (!fs.existsSync(file)) return;
  const parsed = z.object({ reliability: z.array(reliabilitySchema) }).safeParse(JSON.parse(fs.readFileSync(file, 'utf8')));
  if (!parsed.success)
    throw new Error(`Bundled file ${file} is invalid: ${parsed.error.issues[0]?.path.join('.')}: ${parsed.error.issues[0]?.message}`);
  const provider = db.prepare('SELECT 1 FROM providers WHERE id = ?');
  for (const row of parsed.data.reliability) if (provider.get(row.providerId)) upsertReliability(db, row);
}
