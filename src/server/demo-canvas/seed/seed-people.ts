import type { DemoCourse, DemoUser } from '../model';
import { iso } from '../time';
import type { Classroom, Student } from './classroom';
import type { DemoFactory } from './factories';
import {
  DEMO_CANVAS_CLIENT_ID,
  DEMO_CANVAS_CLIENT_SECRET,
  DEMO_CANVAS_EXPIRED_TOKEN,
  DEMO_CANVAS_REVOKED_TOKEN,
  DEMO_CANVAS_TA_TOKEN,
  DEMO_CANVAS_TOKEN,
} from './tokens';

export const DEMO_TEACHER_ID = 1001;
export const DEMO_TA_ID = 1002;

/** The teacher who owns the demo, a TA without grading rights, their tokens and Margin's developer key. */
export function seedStaff(factory: DemoFactory): { teacher: DemoUser; ta: DemoUser } {
  const teacher = factory.user({
    id: DEMO_TEACHER_ID,
    firstName: 'Dana',
    lastName: 'Whitfield',
    email: 'dana.whitfield@northridge.example.edu',
    pronouns: 'she/her',
  });
  const ta = factory.user({
    id: DEMO_TA_ID,
    firstName: 'Marcus',
    lastName: 'Bell',
    email: 'marcus.bell@northridge.example.edu',
  });
  factory.state.teacherId = teacher.id;
  factory.accessToken(DEMO_CANVAS_TOKEN, teacher.id);
  factory.accessToken(DEMO_CANVAS_TA_TOKEN, ta.id);
  factory.accessToken(DEMO_CANVAS_EXPIRED_TOKEN, teacher.id, { expiresAt: iso(factory.daysFromNow(-30)) });
  factory.accessToken(DEMO_CANVAS_REVOKED_TOKEN, teacher.id, { revoked: true });
  // The developer key an admin would issue for Margin; it accepts any redirect URI (the demo runs anywhere).
  factory.state.oauth.addDeveloperKey({
    clientId: DEMO_CANVAS_CLIENT_ID,
    clientSecret: DEMO_CANVAS_CLIENT_SECRET,
    name: 'Margin',
    redirectUris: null,
    enforcesScopes: false,
  });
  return { teacher, ta };
}

export function enrollStudents(
  factory: DemoFactory,
  classroom: Classroom,
  course: DemoCourse,
  count: number,
): Student[] {
  const students: Student[] = [];
  for (let i = 0; i < count; i++) {
    const user = factory.user();
    factory.enroll(course, user, 'student', course.workflowState === 'unpublished' ? { state: 'invited' } : {});
    students.push({ user, level: classroom.levelFor(), firstName: user.name.split(' ')[0] ?? user.name });
  }
  return students;
}

/** The school semester a date falls in, named as schools name Canvas terms ("Fall 2026"). */
export function semesterNameOf(date: Date): string {
  return `${date.getUTCMonth() < 6 ? 'Spring' : 'Fall'} ${date.getUTCFullYear()}`;
}

/** The semester before the one `date` falls in, with typical first and last days. */
export function previousSemesterOf(date: Date): { name: string; startAt: Date; endAt: Date } {
  const year = date.getUTCFullYear();
  if (date.getUTCMonth() < 6) {
    return {
      name: `Fall ${year - 1}`,
      startAt: new Date(Date.UTC(year - 1, 7, 24, 6)),
      endAt: new Date(Date.UTC(year - 1, 11, 19, 6, 59, 59)),
    };
  }
  return {
    name: `Spring ${year}`,
    startAt: new Date(Date.UTC(year, 0, 12, 7)),
    endAt: new Date(Date.UTC(year, 4, 30, 5, 59, 59)),
  };
}
