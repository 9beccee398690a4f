import fs from 'node:fs';
import path from 'node:path';
import type { Database } from 'better-sqlite3';
import { z } from 'zod';
import { gpuSchema, newOfferingPriceSchema, offeringInputSchema, providerSchema } from '../../../shared/ipc/contract/catalog';
import { insertGpu, insertOffering, insertPrice, insertProvider } from '../../db/queries/catalog';

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

/** Loads resources/catalog/{gpus,providers,offerings}.json: every GPU, provider, offering and dated price. */
export function seedCatalog(db: Database, resourcesDir: string): void {
  const dir = path.join(resourcesDir, 'catalog');
  const { gpus } = readJson(path.join(dir, 'gpus.json'), z.object({ gpus: z.array(gpuSchema) }));
  const { providers } = readJson(path.join(dir, 'providers.json'), z.object({ providers: z.array(providerSchema) }));
  const { offerings } = readJson(path.join(dir, 'offerings.json'), z.object({ offerings: z.array(resourceOfferingSchema) }));
  const recordedAt = new Date().toISOString();
  for (const gpu of gpus) insertGpu(db, gpu);
  for (const provider of providers) insertProvider(db, provider);
  for (const { prices, host, ...offering } of offerings) {
    insertOffering(db, { ...offering, userDefined: false, localDiskGB: host?.localDiskGB ?? null, hostSource: host?.source ?? null });
    for (const price of prices) insertPrice(db, { ...price, offeringId: offering.id, recordedAt });
  }
}
