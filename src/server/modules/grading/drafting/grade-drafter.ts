import type { AiModel } from '@/server/adapters/ai';
import { offlineDrafter } from './offline/draft-offline';
import { calibratedModelDrafter } from './model/calibrate-model-grades';
import { modelDrafter } from './model/draft-with-model';
import type { GradeDrafter } from '../kernel/drafter-port';
import type { DriftCheck } from '../kernel/drift-port';
import { measureDrift } from './offline/calibration/drift-check';

/**
 * Where grading chooses how it drafts: with the configured model (calibrated to the teacher's
 * grades when AI_CALIBRATE asks for it), or offline when no model is configured.
 */
export function gradeDrafterFor(
  model: AiModel | null,
  options: { calibrate?: boolean | undefined } = {},
): GradeDrafter {
  if (!model) return offlineDrafter;
  return options.calibrate ? calibratedModelDrafter(model) : modelDrafter(model);
}

/**
 * The drift guard measures with the offline engine's measures whichever drafter drafts (decision
 * 060): it compares a saved grade with the teacher's own grades, not with a draft.
 */
export const driftCheck: DriftCheck = measureDrift;
