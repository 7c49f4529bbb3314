import type { Random } from '../random';
import type { DemoCanvasState } from '../state';
import { applyScore } from '../domain/grade-submission';
import { endOfDayInDenver, iso } from '../time';
import { Classroom, type Student } from './classroom';
import { DemoFactory } from './factories';
import { essayToHtml, writeEssay, type WriterLevel } from './essay-writer';
import type { TopicKey } from './essay-topics';
import type { RubricTemplateKey } from './rubrics';
import { enrollStudents, seedStaff } from './seed-people';

/** A generated data set of a chosen size, for benchmarks and load tests. */
export interface DemoCanvasScenario {
  courses: number;
  assignmentsPerCourse: number;
  studentsPerCourse: number;
}

const SUBJECTS: ReadonlyArray<{ name: string; topic: TopicKey; rubric: RubricTemplateKey }> = [
  { name: 'English', topic: 'later-start', rubric: 'argument' },
  { name: 'U.S. History', topic: 'revolution', rubric: 'dbq' },
  { name: 'Biology', topic: 'creek-lab', rubric: 'lab' },
  { name: 'Literature', topic: 'tell-tale-heart', rubric: 'literary' },
  { name: 'Civics', topic: 'plastic-bags', rubric: 'position' },
  { name: 'Writing Lab', topic: 'narrative', rubric: 'narrative' },
];
const LEVELS: readonly WriterLevel[] = ['strong', 'average', 'weak'];
const ESSAYS_PER_LEVEL = 6;

/**
 * Builds `courses x assignmentsPerCourse x studentsPerCourse` of consistent data quickly: essays
 * come from a small pool per topic (shared strings), so 100,000 submissions cost little memory.
 */
export function seedScenario(state: DemoCanvasState, random: Random, scenario: DemoCanvasScenario): void {
  const factory = new DemoFactory(state, random);
  const { teacher, ta } = seedStaff(factory);
  const classroom = new Classroom(factory, random, teacher.id);
  const term = factory.term({ name: 'Default Term' });
  const pools = new Map<TopicKey, Map<WriterLevel, string[]>>();
  const essayFor = (topic: TopicKey, level: WriterLevel): string => {
    let byLevel = pools.get(topic);
    if (!byLevel) {
      byLevel = new Map(
        LEVELS.map((l) => [
          l,
          Array.from({ length: ESSAYS_PER_LEVEL }, () => essayToHtml(random, writeEssay(random, topic, l))),
        ]),
      );
      pools.set(topic, byLevel);
    }
    return random.pick(byLevel.get(level) ?? []);
  };

  const favorites: number[] = [];
  for (let c = 0; c < scenario.courses; c++) {
    const subject = SUBJECTS[c % SUBJECTS.length] ?? SUBJECTS[0];
    if (!subject) continue;
    const course = factory.course({
      name: `${subject.name} ${Math.floor(c / SUBJECTS.length) + 1}`,
      courseCode: `${subject.name.slice(0, 4).toUpperCase()}-${c + 1}`,
      termId: term.id,
    });
    factory.enroll(course, teacher, 'teacher');
    if (c === 0) factory.enroll(course, ta, 'ta', { canManageGrades: false });
    if (c < 2) favorites.push(course.id);
    const students = enrollStudents(factory, classroom, course, scenario.studentsPerCourse);
    const group = factory.assignmentGroupId();

    for (let a = 0; a < scenario.assignmentsPerCourse; a++) {
      // Three quarters of the assignments are past due, the rest upcoming; every seventh has no date.
      const dayOffset = Math.round((a - scenario.assignmentsPerCourse * 0.75) * 2);
      const hasRubric = a % 3 === 0;
      const assignment = factory.assignment(course, {
        name: `${subject.name} Essay ${a + 1}`,
        assignmentGroupId: group,
        description: `<p>Essay ${a + 1} for ${subject.name}.</p>`,
        pointsPossible: hasRubric ? 100 : 20,
        dueAt: a % 7 === 6 ? null : iso(endOfDayInDenver(state.seededAt, dayOffset)),
        rubric: hasRubric ? factory.rubric(subject.rubric, 100) : null,
      });
      const isPast = assignment.dueAt !== null && Date.parse(assignment.dueAt) < state.seededAt.getTime();
      for (const student of students) fillSubmission(student, isPast);

      function fillSubmission(student: Student, isPastDue: boolean): void {
        if (!random.chance(isPastDue ? 0.85 : 0.2)) return;
        const submittedAt = classroom.submittedAt(assignment, isPastDue && random.chance(0.1));
        const submission = factory.submission(assignment, student.user.id, {
          submissionType: 'online_text_entry',
          body: essayFor(subject?.topic ?? 'later-start', student.level),
          submittedAt: iso(submittedAt),
          attempt: 1,
          workflowState: 'submitted',
        });
        if (isPastDue && random.chance(0.6)) {
          const score = Math.round(assignment.pointsPossible * (0.55 + random.next() * 0.44));
          applyScore(submission, assignment, score, teacher.id, classroom.gradedAt(submission));
        }
      }
    }
  }
  state.favoriteCourseIds.set(teacher.id, favorites);
}
