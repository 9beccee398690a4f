import fs from 'node:fs';
import path from 'node:path';
import type { Database } from 'better-sqlite3';
import { z } from 'zod';
import { gpuSchema, newOfferingPriceSchema, offeringInputSchema, providerSchema } from '../../../shared/ipc/contract/catalog';
import { insertGpu, insertOffering, insertPrice, insertProvider } from '../queries/catalog';
import { seedReliability } from './reliability.seed';
import { insertDataRate } from '../queries/data-rates';
import { dataRatesFileSchema } from '../../../shared/domain/data-costs/rates';
import { subscriptionsFileSchema } from '../../../shared/domain/subscriptions';
import { insertSubscription } from '../queries/subscriptions';

const resourceOfferingSchema = offeringInputSchema.extend({
  id: z.string(),
  prices: z.array(newOfferingPriceSchema),
  host: z.object({ localDiskGB: z.number().positive().nullable(), source: z.string().min(1) }).optional(),
});

function readJson<T extends z.ZodType>(file: string, schema: T): z.output<T> {
  const parsed = schema.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')));
  if (!parsed.success)
    throw new Error(
      `Bundled file ${file} is invalid: ${parsed.error.issues
        .slice(0, 5)
        .map((i) => `${i.path.join('.')}: ${i.message}`)
        .join('; ')}`,
    );
  return parsed.data;
}

function readBundledCatalog(resourcesDir: string) {
  const dir = path.join(resourcesDir, 'catalog');
  const { gpus } = readJson(path.join(dir, 'gpus.json'), z.object({ gpus: z.array(gpuSchema) }));
  const { providers } = readJson(path.join(dir, 'providers.json'), z.object({ providers: z.array(providerSchema) }));
  const { offerings } = readJson(path.join(dir, 'offerings.json'), z.object({ offerings: z.array(resourceOfferingSchema) }));
  return { gpus, providers, offerings };
}

/**
 * Loads resources/catalog/{gpus,providers,offerings,storage-transfer,subscriptions}.json: every GPU, provider, offering
 * and dated price, the storage and transfer prices, and the subscriptions' allowances and top-ups. With
 * `onlyMissing`, rows whose id the database already has are skipped (an existing database gets the new bundled rows
 * and keeps its own edits).
 */
export function seedCatalog(db: Database, resourcesDir: string, options: { onlyMissing?: boolean } = {}): void {
  const { gpus, providers, offerings } = readBundledCatalog(resourcesDir);
  const has = (table: 'gpus' | 'providers' | 'offerings', id: string) =>
    options.onlyMissing === true && db.prepare(`SELECT 1 FROM ${table} WHERE id = ?`).get(id) !== undefined;
  const recordedAt = new Date().toISOString();
  for (const gpu of gpus) if (!has('gpus', gpu.id)) insertGpu(db, gpu);
  for (const provider of providers) if (!has('providers', provider.id)) insertProvider(db, provider);
  for (const { prices, host, ...offering } of offerings) {
    if (has('offerings', offering.id)) continue;
    insertOffering(db, { ...offering, userDefined: false, localDiskGB: host?.localDiskGB ?? null, hostSource: host?.source ?? null });
    for (const price of prices) insertPrice(db, { ...price, offeringId: offering.id, recordedAt });
  }
  const { rates } = readJson(path.join(resourcesDir, 'catalog', 'storage-transfer.json'), dataRatesFileSchema);
  for (const rate of rates) insertDataRate(db, rate, { onlyMissing: options.onlyMissing === true });
  const { subscriptions } = readJson(path.join(resourcesDir, 'catalog', 'subscriptions.json'), subscriptionsFileSchema);
  for (const s of subscriptions) insertSubscription(db, s, { onlyMissing: options.onlyMissing === true });
  seedReliability(db, resourcesDir);
}
