import { createRandom } from './random';
import { DemoCanvasState } from './state';
import { seedDefaultDemo } from './seed/default-seed';
import { seedLargeClass, type DemoLargeClass } from './seed/large-class-seed';
import { seedScenario, type DemoCanvasScenario } from './seed/scenario-seed';

export interface DemoCanvasStateOptions {
  /** PRNG seed; the same seed and `now` give the same data. */
  seed?: number;
  /** The moment dates are relative to (due dates, submission times). Defaults to the current time. */
  now?: Date;
  /** A generated data set of this size instead of the hand-written demo. */
  scenario?: DemoCanvasScenario;
  /** One lecture course of this size with one essay everyone handed in, instead of the hand-written demo. */
  largeClass?: DemoLargeClass;
}

const DEFAULT_SEED = 20250901;

export function createDemoCanvasState(options: DemoCanvasStateOptions = {}): DemoCanvasState {
  const state = new DemoCanvasState(options.now ?? new Date());
  const random = createRandom(options.seed ?? DEFAULT_SEED);
  if (options.scenario) seedScenario(state, random, options.scenario);
  else if (options.largeClass) seedLargeClass(state, random, options.largeClass);
  else seedDefaultDemo(state, random);
  return state;
}
