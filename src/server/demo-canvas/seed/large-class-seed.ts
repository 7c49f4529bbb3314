import type { Random } from '../random';
import type { DemoCanvasState } from '../state';
import { applyScore } from '../domain/grade-submission';
import { endOfDayInDenver, iso } from '../time';
import { Classroom } from './classroom';
import { DemoFactory } from './factories';
import { writeEssay } from './essay-writer';
import { enrollStudents, seedStaff } from './seed-people';

/**
 * One lecture course of `students` with one essay assignment everyone handed in, each essay about
 * `words` long: the size a college lecturer meets (issue 19 measured 100 to 1,000 students with
 * 1,500-word essays). Essays name classmates as students do, one in ten students has an accented,
 * apostrophised or double name, and a third of the class is graded with a comment.
 */
export interface DemoLargeClass {
  students: number;
  /** Words per essay, about. */
  words: number;
}

export const LARGE_CLASS_COURSE_NAME = 'Sociology 101: Lecture';

/** Names with what redaction must see through: accents, apostrophes, hyphens, particles. */
const HARD_NAMES: ReadonlyArray<[string, string]> = [
  ['Zoë', "O'Brien-Nuñez"],
  ['José María', 'García-Pérez'],
  ['Siobhán', 'Ní Bhriain'],
  ['Anaïs', 'Lefèvre'],
  ['Björn', 'Åkesson'],
  ['Nguyễn', 'Thị Hương'],
  ['Chiamaka', 'Okonkwo-Adeyemi'],
  ["D'Andre", 'St. Clair'],
  ['Łukasz', 'Wiśniewski'],
  ['Renée', 'van der Berg'],
];

export function seedLargeClass(state: DemoCanvasState, random: Random, options: DemoLargeClass): void {
  const factory = new DemoFactory(state, random);
  const { teacher } = seedStaff(factory);
  const classroom = new Classroom(factory, random, teacher.id);
  const term = factory.term({ name: 'Default Term' });
  const course = factory.course({ name: LARGE_CLASS_COURSE_NAME, courseCode: 'SOC-101', termId: term.id });
  factory.enroll(course, teacher, 'teacher');
  const students = enrollStudents(factory, classroom, course, options.students);
  students.forEach((student, index) => {
    if (index % 10 !== 3) return;
    const [first, last] = HARD_NAMES[Math.floor(index / 10) % HARD_NAMES.length]!;
    const suffix = index >= HARD_NAMES.length * 10 ? ` ${Math.floor(index / 100)}` : '';
    Object.assign(student.user, {
      name: `${first} ${last}${suffix}`,
      shortName: first,
      sortableName: `${last}${suffix}, ${first}`,
    });
    student.firstName = first;
  });

  const assignment = factory.assignment(course, {
    name: 'Essay: Should School Start Later?',
    assignmentGroupId: factory.assignmentGroupId(),
    description: `<p>Write an argumentative essay of about ${options.words} words. Use evidence and answer the other side.</p>`,
    pointsPossible: 20,
    dueAt: iso(endOfDayInDenver(state.seededAt, -3)),
  });

  // Paragraphs from a pool of essays; each student's essay draws its own mix, so no two are alike.
  const pool = Array.from(
    { length: 40 },
    () => writeEssay(random, 'later-start', classroom.levelFor()).paragraphs,
  ).flat();
  for (const [index, student] of students.entries()) {
    const paragraphs: string[] = [];
    let count = 0;
    while (count < options.words) {
      const classmate = students[(index + 1 + random.int(0, students.length - 2)) % students.length]!;
      const paragraph =
        paragraphs.length % 3 === 1
          ? `${random.pick(pool)} ${classmate.user.name} disagreed in seminar, but ${classmate.firstName}'s example did not convince me.`
          : random.pick(pool);
      paragraphs.push(paragraph);
      count += paragraph.split(/\s+/).length;
    }
    const submission = factory.submission(assignment, student.user.id, {
      submissionType: 'online_text_entry',
      body: paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join(''),
      submittedAt: iso(classroom.submittedAt(assignment, false)),
      attempt: 1,
      workflowState: 'submitted',
    });
    if (index % 3 === 0) {
      const gradedAt = classroom.gradedAt(submission);
      applyScore(submission, assignment, random.int(9, 20), teacher.id, gradedAt);
      factory.comment(
        submission,
        teacher.id,
        `${student.firstName}, your argument is clear; answer the other side sooner.`,
        gradedAt,
      );
    }
  }
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
