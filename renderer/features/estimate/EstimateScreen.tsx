import { ScreenPlaceholder } from '../../ui/ScreenPlaceholder';

export function EstimateScreen() {
  return <ScreenPlaceholder title="Estimate" description="Describe a training workload (model, data, epochs, batch, precision, full/LoRA, checkpointing, GPU count) and see its memory, time and cost on every GPU and offering — fits or not, ranked and explained." />;
}
