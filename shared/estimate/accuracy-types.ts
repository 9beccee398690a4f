/** The shapes of the estimator's accuracy figures (accuracy.ts computes them; accuracy-figures.ts holds the generated ones). */
/** Figures of a set of model ÷ measured ratios. `medianError` is multiplicative: 1.08 = the median row is off by 8%. */
export interface RatioFigures {
  n: number;
  medianError: number;
  worstError: number;
  within125: number;
  within15: number;
}
/** Figures of a set of scaling-efficiency differences (model − published). */
export interface ScalingFigures {
  n: number;
  medianAbsDiff: number;
  worstAbsDiff: number;
  within010: number;
}

/** In-sample figures and figures on data the constants were not fitted on (leave one GPU, architecture, model, source out). */
export interface AccuracyReport {
  inSample: { h100: RatioFigures; published: RatioFigures; multiGpu: ScalingFigures };
  heldOut: {
    gpu: RatioFigures;
    architecture: RatioFigures;
    model: RatioFigures;
    multiGpuSource: ScalingFigures;
  };
}
