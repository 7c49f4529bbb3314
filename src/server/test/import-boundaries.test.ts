// The import boundaries of eslint.config.js, probed with relative and `@/` imports the way a
// newcomer might write them: each probe is linted as if it were a file at that path.
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ overrideConfig: { rules: { '@typescript-eslint/no-unused-vars': 'off' } } });
});

async function boundaryErrors(filePath: string, importLine: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${importLine}\nexport const probe = 1;\n`, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'import-x/no-restricted-paths')
    .map((message) => message.message);
}

async function cycleErrors(filePath: string, importLine: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${importLine}\nexport const probe = 1;\n`, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'import-x/no-cycle')
    .map((message) => message.message);
}

describe('import cycles', () => {
  it('refuses a TypeScript file that imports a file importing it back', async () => {
    // error-handler.ts imports app-error.ts; app-error.ts importing it back closes a circle.
    const errors = await cycleErrors(
      'src/server/core/app-error.ts',
      "import { registerErrorHandler } from './error-handler';",
    );
    expect(errors).toEqual([expect.stringMatching(/Dependency cycle/)]);
  });

  it('allows the same import in the direction the code has it', async () => {
    expect(await cycleErrors('src/server/core/error-handler.ts', "import { AppError } from './app-error';")).toEqual(
      [],
    );
  });
});

describe('wiring', () => {
  async function wiringErrors(filePath: string, code: string): Promise<string[]> {
    const [result] = await eslint.lintText(code, { filePath });
    return (result?.messages ?? [])
      .filter((message) => message.ruleId === 'no-restricted-syntax')
      .map((message) => message.message);
  }

  it('refuses a route plugin that builds its own store', async () => {
    const errors = await wiringErrors(
      'src/server/modules/contact/routes.ts',
      "import { createContactStore } from './contact-store';\nexport const store = createContactStore(null as never);\n",
    );
    expect(errors).toEqual([expect.stringMatching(/app\.ts builds stores/)]);
  });

  it('lets a use case file build what it returns, and a route plugin use what it is given', async () => {
    const code =
      "import { createContactStore } from './contact-store';\nexport const store = createContactStore(null as never);\n";
    expect(await wiringErrors('src/server/modules/contact/contact-store-probe.ts', code)).toEqual([]);
    expect(
      await wiringErrors('src/server/modules/contact/routes.ts', 'export const probe = (store: unknown) => store;\n'),
    ).toEqual([]);
  });
});

describe('import boundaries', () => {
  it.each([
    [
      'a feature importing another feature, relatively',
      'src/client/features/grading/assignment/components/probe.ts',
      "import { coursesQuery } from '../../../courses/api/courses-api';",
      /Features never import each other/,
    ],
    [
      'a grading variant importing another variant',
      'src/client/features/grading/discussion/probe.ts',
      "import { useSaveGrade } from '../assignment/api/grading-api';",
      /never another variant/,
    ],
    [
      'the client grading kernel importing a variant',
      'src/client/features/grading/kernel/probe.ts',
      "import { useQuizView } from '@/client/features/grading/quiz/api/quiz-grading-api';",
      /knows no variant/,
    ],
    [
      'the client importing the server, relatively',
      'src/client/features/courses/probe.ts',
      "import { saveGrade } from '../../../server/modules/grading/kernel/save-grade';",
      /only over HTTP/,
    ],
    [
      'the design system importing a feature',
      'src/client/ui/probe.ts',
      "import { coursesQuery } from '../features/courses/api/courses-api';",
      /sit below/,
    ],
    [
      'an adapter importing a module',
      'src/server/adapters/canvas/probe.ts',
      "import { saveGrade } from '@/server/modules/grading/kernel/save-grade';",
      /below the modules/,
    ],
    [
      'a module importing another module outside the allow-list',
      'src/server/modules/literacy/probe.ts',
      "import { createDraftStore } from '../grading/kernel/draft-store';",
      /modules\/README\.md/,
    ],
    [
      'a server grading variant importing another variant',
      'src/server/modules/grading/quizzes/probe.ts',
      "import { draftFeedback } from '../assignments/draft-feedback';",
      /never another variant/,
    ],
    [
      'the server grading kernel importing a variant',
      'src/server/modules/grading/kernel/probe.ts',
      "import { quizGradingRoutes } from '../quizzes/routes';",
      /knows no variant/,
    ],
    [
      'the demo Canvas importing the product',
      'src/server/demo-canvas/probe.ts',
      "import { AppError } from '../core/app-error';",
      /separate application/,
    ],
    [
      'the AI transport importing a feature schema',
      'src/server/adapters/ai/probe.ts',
      "import { diverPhases } from '@/shared/schemas/ai';",
      /AI adapter is a transport/,
    ],
    [
      'the offline engine importing the model drafting',
      'src/server/modules/grading/drafting/offline/dimensions/probe.ts',
      "import { modelDrafter } from '../../model/draft-with-model';",
      /drafts without a model/,
    ],
    [
      "literacy importing grading's drafting",
      'src/server/modules/literacy/probe.ts',
      "import { redactClassmates } from '../grading/kernel/redaction';",
      /modules\/README\.md/,
    ],
    [
      'the grading kernel importing a drafter',
      'src/server/modules/grading/kernel/probe.ts',
      "import { offlineDrafter } from '../drafting/offline/draft-offline';",
      /knows the drafter port/,
    ],
    [
      'a grading variant importing a drafter',
      'src/server/modules/grading/assignments/probe.ts',
      "import { offlineDrafter } from '../drafting/offline/draft-offline';",
      /never another variant/,
    ],
    [
      'a module importing the composition root',
      'src/server/modules/courses/probe.ts',
      "import type { AppServices } from '../../app';",
      /composition root/,
    ],
    [
      'a module importing the job queue',
      'src/server/modules/auth/probe.ts',
      "import type { Jobs } from '@/server/jobs';",
      /composition root/,
    ],
    [
      'the database importing core',
      'src/server/db/probe.ts',
      "import { deriveKey } from '../core/crypto';",
      /database sits below core/,
    ],
    [
      'production code importing a test helper',
      'src/server/modules/grading/kernel/probe.ts',
      "import { createTestApp } from '@/server/test/test-app';",
      /never imports test helpers/,
    ],
  ])('refuses %s', async (_name, filePath, importLine, message) => {
    const errors = await boundaryErrors(filePath, importLine);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(message);
  });

  it.each([
    [
      'a grading variant importing the kernel',
      'src/client/features/grading/quiz/probe.ts',
      "import { formatScore } from '../kernel/format';",
    ],
    [
      'a module importing an allowed seam',
      'src/server/modules/literacy/probe.ts',
      "import { handToMailer } from '../contact/hand-to-mailer';",
    ],
    [
      'a server grading variant importing the kernel',
      'src/server/modules/grading/discussions/probe.ts',
      "import { draftScope } from '../kernel/draft-scope';",
    ],
    [
      'a feature importing the AI transport',
      'src/server/modules/literacy/probe.ts',
      "import type { AiModel } from '@/server/adapters/ai';",
    ],
    [
      'literacy importing the shared words module',
      'src/server/modules/literacy/probe.ts',
      "import { keyTerms } from '@/server/core/key-terms';",
    ],
  ])('allows %s', async (_name, filePath, importLine) => {
    expect(await boundaryErrors(filePath, importLine)).toEqual([]);
  });
});
