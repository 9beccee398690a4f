/**
 * The app's version, from package.json: set at build time (scripts/build.mjs and vitest.config.mts define
 * __GPU_PLANNER_VERSION__); "development" where neither ran (a test runner without the definition).
 */
declare const __GPU_PLANNER_VERSION__: string | undefined;

export const APP_VERSION: string = typeof __GPU_PLANNER_VERSION__ === 'string' ? __GPU_PLANNER_VERSION__ : 'development';
