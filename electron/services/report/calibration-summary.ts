/**
 * The estimation model's calibration, as the report prints it: the throughput rows of the error table in
 * shared/estimate/README.md (fit: shared/estimate/calibration.test.ts on ../shared/calibration/h100-sxm-measured.jsonl).
 */
export const CALIBRATION = {
  summary:
    'Fitted on 15 measured training workloads on one H100 SXM 80GB (PyTorch 2.11 eager, AdamW): every throughput row within x0.79 to x1.25 of the measurement; bf16 peak memory within 10%. Other GPUs through their datasheet peaks and bandwidth.',
  source:
    "the calibration measurements shipped with the app: 15 training workloads timed on one H100 SXM 80GB (PyTorch 2.11 eager, AdamW), with the model's error on each",
  rows: [
    { workload: 'resnet34_1d L=500 batch 64 fp32', measured: 3881.0, model: 3704.0, ratio: 0.95 },
    { workload: 'resnet34_1d L=500 batch 64 bf16', measured: 3175.5, model: 3105.0, ratio: 0.98 },
    { workload: 'resnet34_1d L=500 batch 256 fp32', measured: 14779.4, model: 14815.0, ratio: 1.0 },
    { workload: 'resnet34_1d L=500 batch 256 bf16', measured: 13010.7, model: 12421.0, ratio: 0.95 },
    { workload: 'resnet34_1d L=500 batch 1024 fp32', measured: 41022.7, model: 47684.0, ratio: 1.16 },
    { workload: 'resnet34_1d L=500 batch 1024 bf16', measured: 47683.5, model: 49685.0, ratio: 1.04 },
    { workload: 'resnet34_2d 224px batch 64 fp32', measured: 3990.6, model: 3388.0, ratio: 0.85 },
    { workload: 'resnet34_2d 224px batch 64 bf16', measured: 3620.9, model: 3105.0, ratio: 0.86 },
    { workload: 'resnet34_2d 224px batch 256 fp32', measured: 4965.3, model: 4596.0, ratio: 0.93 },
    { workload: 'resnet34_2d 224px batch 256 bf16', measured: 7959.9, model: 7735.0, ratio: 0.97 },
    { workload: 'bert_base seq 128 batch 32 bf16', measured: 807.0, model: 806.2, ratio: 1.0 },
    { workload: 'bert_base seq 128 batch 32 fp32', measured: 888.1, model: 966.2, ratio: 1.09 },
    { workload: 'qwen2.5_0.5b_full seq 1024 batch 8 bf16', measured: 56.1, model: 50.4, ratio: 0.9 },
    { workload: 'mistral_7b_lora seq 1024 batch 4 bf16', measured: 12.1, model: 12.2, ratio: 1.01 },
    { workload: 'gpt2_small_full seq 1024 batch 16 bf16', measured: 123.6, model: 139.8, ratio: 1.13 },
  ],
};
