import { toast } from 'sonner';
import { describeGeneratedDraft, type GradingDraft, type GradingMode } from '@/shared/schemas/ai';
import { ApiError } from '@/client/lib/api-client';

/**
 * Spec part 2 §8's success text; `basis` names what a draft without a rubric was built from
 * (the assignment description, the discussion prompt, the question).
 */
export function toastDraftSuccess(mode: GradingMode, draft: GradingDraft, basis = 'assignment description') {
  toast.success(describeGeneratedDraft(mode, draft).replace('assignment description', basis));
}

/** The server's message for a refusal it explains, else the spec's text for the unexpected. */
export function toastDraftFailure(error: unknown) {
  console.warn('Drafting failed', error);
  toast.error(error instanceof ApiError ? error.message : 'An unexpected error occurred while generating grading.');
}
