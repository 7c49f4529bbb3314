import { z } from 'zod';

/** A comment the teacher wrote or kept, offered back on later students of the same assignment (decision 061). */
export const bankedCommentSchema = z.object({
  id: z.string(),
  /** Her words; a student's name reads `[name]` and is filled with the student's first name on insert. */
  text: z.string(),
  pinned: z.boolean(),
  uses: z.number(),
  updated_at: z.string(),
});
export type BankedComment = z.infer<typeof bankedCommentSchema>;

export const commentBankQuerySchema = z.strictObject({
  courseId: z.coerce.number().int().positive(),
  assignmentId: z.coerce.number().int().positive(),
});

export const commentBankListSchema = z.object({ comments: z.array(bankedCommentSchema) });
export type CommentBankList = z.infer<typeof commentBankListSchema>;

export const commentIdParamsSchema = z.strictObject({ id: z.uuid({ error: 'No such comment' }) });

export const updateBankedCommentSchema = z
  .strictObject({
    text: z
      .string()
      .trim()
      .min(1, 'A comment cannot be empty')
      .max(2000, 'A kept comment can be at most 2,000 characters')
      .optional(),
    pinned: z.boolean({ error: 'Choose pinned or not' }).optional(),
  })
  .refine((body) => body.text !== undefined || body.pinned !== undefined, { message: 'Nothing to change' });

/** The placeholder a kept comment holds where it named a student. */
export const NAME_SLOT = '[name]';
/** What a quotation of the student's work becomes in a kept comment. */
export const QUOTE_SLOT = '[quote]';

/** A kept comment made ready for this student: `[name]` becomes her first name. */
export function fillComment(text: string, firstName: string): string {
  return text.split(NAME_SLOT).join(firstName || 'you');
}
