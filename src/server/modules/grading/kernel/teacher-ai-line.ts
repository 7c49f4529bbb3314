import { aiLineFor } from '@/shared/ai-line';
import type { GradingPreferencesStore } from './grading-preferences-store';

/** The line that ends this teacher's comments on every screen, or null (see shared/ai-line.ts). */
export async function teacherAiLine(preferences: GradingPreferencesStore, teacherId: string): Promise<string | null> {
  const { aiLine } = await preferences.get(teacherId);
  return aiLineFor({ teacherAddsLine: aiLine });
}
