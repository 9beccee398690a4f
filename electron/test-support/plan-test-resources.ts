/**
 * Resources for plan integration tests: the real bundled resources when the catalog is there, else a temporary
 * copy with a three-offering Colab catalog stub (so the plan domain's tests do not wait on the catalog data).
 */
import fs from 'node:fs';
import path from 'node:path';
import { resourcesDir as realResources, tempDir } from './paths';

const tflops = (fp32: number, fp16: number) => ({ fp32, tf32: null, fp16, bf16: null, fp8: null });

export function planTestResources(): { dir: string; stub: boolean; remove: () => void } {
  if (fs.existsSync(path.join(realResources, 'catalog', 'offerings.json'))) return { dir: realResources, stub: false, remove: () => {} };
  const t = tempDir('gpu-planner-plan-res-');
  const cat = path.join(t.dir, 'catalog');
  fs.mkdirSync(cat, { recursive: true });
  fs.mkdirSync(path.join(t.dir, 'example'), { recursive: true });
  fs.copyFileSync(path.join(realResources, 'example', 'vitaldb-project.json'), path.join(t.dir, 'example', 'vitaldb-project.json'));
  const gpu = (id: string, name: string, memoryGiB: number, bw: number, t32: number, t16: number) => ({
    id,
    name,
    vendor: 'NVIDIA',
    architecture: null,
    memoryGiB,
    memoryBandwidthGBs: bw,
    tflops: tflops(t32, t16),
    tdpWatts: null,
    interconnectGBs: null,
    source: 'test stub',
    notes: null,
  });
  fs.writeFileSync(
    path.join(cat, 'gpus.json'),
    JSON.stringify({
      gpus: [
        gpu('t4-16gb', 'T4', 16, 320, 8.1, 65),
        gpu('l4-24gb', 'L4', 24, 300, 30.3, 121),
        gpu('a100-sxm-40gb', 'A100 SXM 40GB', 40, 1555, 19.5, 312),
      ],
    }),
  );
  fs.writeFileSync(
    path.join(cat, 'providers.json'),
    JSON.stringify({ providers: [{ id: 'google-colab', name: 'Google Colab', kind: 'notebook', website: null }] }),
  );
  const offering = (id: string, sku: string, gpuId: string, price: object) => ({
    id,
    providerId: 'google-colab',
    sku,
    gpuId,
    gpuCount: 1,
    vcpus: null,
    ramGiB: null,
    region: null,
    notes: null,
    powerWatts: null,
    prices: [price],
  });
  const price = (kind: string, usd: number, per: string) => ({
    kind,
    usd,
    per,
    usdLow: null,
    usdHigh: null,
    asOf: '2025-12-10',
    source: 'test stub',
    notes: null,
  });
  fs.writeFileSync(
    path.join(cat, 'offerings.json'),
    JSON.stringify({
      offerings: [
        offering('colab-pro-t4-16gb', 'Colab Pro T4', 't4-16gb', price('subscription', 10, 'month')),
        offering('colab-pro-plus-l4-24gb', 'Colab Pro+ L4', 'l4-24gb', price('on-demand', 0.25, 'hour')),
        offering('colab-pro-plus-a100-40gb', 'Colab Pro+ A100', 'a100-sxm-40gb', price('on-demand', 2.25, 'hour')),
      ],
    }),
  );
  return { dir: t.dir, stub: true, remove: t.remove };
}
