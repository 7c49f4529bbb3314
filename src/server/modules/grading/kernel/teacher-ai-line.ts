import { aiLineFor } from '@/shared/ai-line';
import type { GradingDependencies } from './grading-dependencies';

/**
 * The line that ends this teacher's comments on every screen, or null (see shared/ai-line.ts): her
 * own choice, or her institution's for all its teachers (decision 063).
 */
export async function teacherAiLine(
  deps: Pick<GradingDependencies, 'preferences' | 'institutionAddsAiLine'>,
  teacherId: string,
): Promise<string | null> {
  const [{ aiLine }, institutionAddsLine] = await Promise.all([
    deps.preferences.get(teacherId),
    deps.institutionAddsAiLine(teacherId),
  ]);
  return aiLineFor({ teacherAddsLine: aiLine, institutionAddsLine });
}
