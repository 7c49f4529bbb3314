import { describe, expect, it } from 'vitest';
import { gradingOptionsSchema } from '@/shared/schemas/ai';
import { createOfflineEngine } from './draft-offline';
import { finalizeDraft } from '../../kernel/finalize-draft';

/** The offline engine advises each kind of work on what that kind needs, and finds spelling slips. */
async function draft(name: string, description: string, text: string) {
  const raw = await createOfflineEngine().draftGrade({
    assignment: { name, descriptionText: description, pointsPossible: 20, rubric: null },
    submissionText: text,
    options: gradingOptionsSchema.parse({}),
    examples: [],
    isFileContentIncluded: false,
  });
  const finalized = finalizeDraft(raw, { submissionText: text, pointsPossible: 20, rubric: null, useRubric: false });
  return {
    ...finalized,
    areas: finalized.areasForImprovement.map((point) => point.text).join('\n'),
    all: `${finalized.feedback}\n${finalized.gradeReview}`,
  };
}

const essayAdvice = /State your main claim|Organise the text into|End with a conclusion/;

const labReport = `Question
Does the water temperature of the creek change how much dissolved oxygen it holds?

Materials and method
We used a thermometer and an oxygen probe at three sites along the creek on three mornings, and recorded each reading in a table.

Results
At the shaded site the water was 14 degrees and held 9.1 mg of oxygen per litre. At the open site it was 21 degrees and held 6.2 mg per litre.

Conclusion
Warmer water held less oxygen, which supports our hypothesis that temperature lowers dissolved oxygen.`;

describe('the offline engine fits the kind of work', () => {
  it('asks a lab report for its sections, not for an essay’s thesis and paragraphs', async () => {
    const complete = await draft(
      'Creek lab report',
      'Write a lab report on the water quality of the creek.',
      labReport,
    );
    expect(complete.gradeReview).toContain('Judged as a lab report');
    expect(complete.areas).not.toMatch(essayAdvice);
    expect(complete.areas).not.toMatch(/missing/);

    const partial = await draft(
      'Creek lab report',
      'Write a lab report on the water quality of the creek.',
      labReport.split('\n\nResults')[0]!,
    );
    expect(partial.areas).toMatch(/each under its own heading: results, conclusion/);
  });

  it('asks a short answer for a direct answer with a detail, not for paragraphs and a conclusion', async () => {
    const result = await draft(
      'Exit ticket',
      'In two or three sentences, explain why the narrator keeps the letter.',
      'The narrator keeps the letter because it is the last thing her father wrote to her. She reads it before every exam.',
    );
    expect(result.gradeReview).toContain('Judged as a short answer');
    expect(result.areas).toMatch(/Answer the question directly in your first sentence/);
    expect(result.areas).not.toMatch(essayAdvice);
  });

  it('asks a discussion post to engage with the discussion', async () => {
    const post =
      'I think the author uses the storm to show how the family changes. At the start they argue about small things, but after the storm they work together to fix the roof, and the father listens to his daughter for the first time. The storm is the turning point of the story because everyone has to depend on each other.';
    const result = await draft(
      'Week 3 discussion: turning points',
      'Post your answer to the discussion question, then reply to two classmates.',
      post,
    );
    expect(result.gradeReview).toContain('Judged as a discussion post');
    expect(result.areas).toMatch(/respond to a classmate’s idea/);
    expect(result.areas).not.toMatch(essayAdvice);
  });

  it('tells a submitted link that only the link can be read', async () => {
    const result = await draft(
      'Slides: the water cycle',
      'Make a short slide deck on the water cycle and submit the link.',
      'Submitted link: https://docs.example.com/presentation/d/abc123',
    );
    expect(result.gradeReview).toContain('Judged as a link');
    expect(result.areas).toMatch(/can only read the link/);
    expect(result.areas).not.toMatch(/Develop your ideas further/);
  });

  it('does not tell an essay that ends with a conclusion that it has none, even as one block of text', async () => {
    const essay =
      'Schools should start later in the morning because teenagers need more sleep. Studies show that students who sleep eight hours pay more attention in class. Later starts also mean fewer students are late or absent, and they are safer on the road because they are awake. Some parents worry about after-school jobs and sports, but most schedules can move by an hour. So, in conclusion, a later start would make students healthier, safer and better learners.';
    const result = await draft(
      'Should school start later?',
      'Write a persuasive essay on whether school should start later.',
      essay,
    );
    expect(result.areas).not.toMatch(/stops without one/);
    expect(result.gradeReview).toMatch(/conclusion found/);
  });

  it('finds spelling mistakes, but not names or the assignment’s own words', async () => {
    const essay = `The Tuskegee airmen trained in Alabama. The experimant they were part of was very dificult, and Ms. Okonkwo says their recieved wisdom was wrong.\n\nMany pilots flew in Europe and won medals for their bravery. They proved that the army was wrong about them and changed how people thought.\n\nIn conclusion, the airmen showed courage and skill that helped end segregation in the military.`;
    const result = await draft('The Tuskegee airmen', 'Write about the Tuskegee airmen and what they achieved.', essay);
    expect(result.gradeReview).toMatch(/not in the dictionary: “experimant”/);
    expect(result.gradeReview).not.toMatch(/“tuskegee”|“okonkwo”|“airmen”/i);
  });
});
