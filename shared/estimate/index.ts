/** The estimation model: pure functions, no Node, DOM or Electron. */
export * from './architecture';
export * from './model-profile';
export * from './units';
export * from './calibration';
export * from './cost';
export * from './estimate';
export * from './model';
export * from './presets';
export * from './ranking';
export * from './training-run';
export * from './training-run-types';
export * from './workload';
