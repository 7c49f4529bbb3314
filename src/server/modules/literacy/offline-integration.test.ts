import { describe, expect, it } from 'vitest';
import { diverPhases, integrationResultSchema } from '@/shared/schemas/ai';
import {
  parseTime,
  profileAssignment,
  proposeIntegrationOffline,
  reviseAssignmentOffline,
  taskPhrase,
} from './offline-integration';

describe('the AI-literacy tools without a model', () => {
  const request = {
    assignmentTitle: 'The Causes of the Great Depression',
    assignmentText: `In this unit you will investigate the causes of the Great Depression.
1. Read the textbook chapter on the 1929 stock market crash and the Dust Bowl.
2. Research two primary sources from the era, such as a newspaper article or a letter.
3. Write a 3-page research paper explaining which cause mattered most: the stock market crash, bank failures, or falling consumer demand.
4. Present your findings to the class in a 3-minute presentation.`,
    subject: 'history' as const,
    gradeLevel: 'high' as const,
    estimatedTime: '2 weeks',
  };

  it("builds five DIVER suggestions from the assignment's own tasks and terms", async () => {
    const result = proposeIntegrationOffline(request);
    expect(integrationResultSchema.parse(result)).toEqual(result);
    expect(result.suggestions.map((suggestion) => suggestion.phase)).toEqual([...diverPhases]);
    const all = JSON.stringify(result);
    expect(all).toContain('the Great Depression');
    expect(all).toContain('research paper');
    expect(all).toContain('primary sources');
    expect(result.overview).toContain('write a 3-page research paper');
    expect(result.implementation_guide).toMatch(/Discovery: about \d+ school days?/);
    expect(result.engine).toBe('offline');
  });

  it('adapts to the grade level and the time available', async () => {
    const young = proposeIntegrationOffline({ ...request, gradeLevel: 'elementary', estimatedTime: '3 class periods' });
    expect(young.implementation_guide).toContain('teacher-led');
    expect(JSON.stringify(young.suggestions)).toMatch(/about \d+ minutes/);
    const other = proposeIntegrationOffline({
      ...request,
      assignmentText: 'Solve the equations on page 12 and explain each step.',
      subject: 'math',
      gradeLevel: '',
      estimatedTime: '',
    });
    expect(JSON.stringify(other)).toContain('equations');
    expect(other.suggestions).toHaveLength(5);
  });

  it('weaves the selected suggestions into the original assignment under headings', async () => {
    const proposal = proposeIntegrationOffline(request);
    const selected = [proposal.suggestions[0]!, proposal.suggestions[2]!];
    const revised = reviseAssignmentOffline({
      originalAssignment: request.assignmentText,
      selectedSuggestions: selected,
      assignmentTitle: request.assignmentTitle,
      subject: request.subject,
      gradeLevel: request.gradeLevel,
      estimatedTime: request.estimatedTime,
    });
    expect(revised).toContain(request.assignmentText.trim());
    expect(revised).toContain(`Before You Begin (Discovery): ${selected[0]!.title}`);
    expect(revised).toContain(`While You Work (Verification): ${selected[1]!.title}`);
    expect(revised).not.toContain('(Reflection)');
    expect(revised).toContain('Submission Checklist');
    expect(revised).toContain('verification table');
  });

  it('reads task phrases, deliverables and times', () => {
    expect(taskPhrase('write a 3-page research paper explaining which cause mattered most')).toBe(
      'write a 3-page research paper',
    );
    expect(taskPhrase('read the chapter on the crash and the')).toBe('read the chapter on the crash');
    expect(profileAssignment({ ...request, assignmentText: 'Design a poster about volcanoes.' }).deliverable).toBe(
      'poster',
    );
    expect(parseTime('3 class periods')).toMatchObject({ unit: 'class period', amount: 3 });
    expect(parseTime('two weeks')).toMatchObject({ unit: 'week', amount: 2 });
    expect(parseTime('whenever')).toMatchObject({ unit: null });
  });
});

describe('the DIVER tool on real assignments of different kinds', () => {
  const assignments = {
    research: {
      assignmentTitle: 'Harlem Renaissance Artist Research Essay',
      assignmentText: `Choose one visual artist of the Harlem Renaissance, such as Aaron Douglas, Augusta Savage or Jacob Lawrence.
Research the artist's life, major works and influence using at least four credible sources.
Write a 1,200-word research essay that explains how the artist's work reflected the goals of the Harlem Renaissance.
Include MLA citations and a works cited page.`,
      subject: 'english' as const,
      gradeLevel: 'high' as const,
      estimatedTime: '3 weeks',
    },
    lab: {
      assignmentTitle: 'Lab Report: Enzyme Activity and Temperature',
      assignmentText: `In this lab you will measure how temperature affects the activity of the enzyme catalase.
Conduct the experiment at four temperatures and record the height of the foam after 60 seconds.
Graph your data and write a lab report with a hypothesis, materials, procedure, results, and a conclusion that explains your findings.`,
      subject: 'science' as const,
      gradeLevel: 'high' as const,
      estimatedTime: '2 class periods',
    },
    problems: {
      assignmentTitle: 'Quadratic Equations Problem Set',
      assignmentText: `Solve problems 1-20 on page 214 by factoring, completing the square, or using the quadratic formula.
Show all of your work for each problem.
For problems 18-20, explain which method you chose and why.`,
      subject: 'math' as const,
      gradeLevel: 'middle' as const,
      estimatedTime: '1 week',
    },
    discussion: {
      assignmentTitle: 'Week 5 Discussion: Social Media and Democracy',
      assignmentText: `Post a response of 250-300 words to this question: does social media strengthen or weaken democratic participation?
Support your position with at least one example from the readings.
Then reply to two classmates, building on or respectfully challenging their ideas.`,
      subject: 'social-studies' as const,
      gradeLevel: 'college' as const,
      estimatedTime: '1 week',
    },
    creative: {
      assignmentTitle: 'Creative Writing: A Short Story Set in Your Town',
      assignmentText: `Write an original short story of 1,000-1,500 words set in a real place in your town.
Your story should have a clear conflict, at least two developed characters, and dialogue.
Revise your draft after a peer workshop and submit both drafts.`,
      subject: 'english' as const,
      gradeLevel: 'middle' as const,
      estimatedTime: '2 weeks',
    },
  };
  const expected = {
    research: {
      kind: 'research',
      topic: 'the Harlem Renaissance',
      deliverable: 'research essay',
      check: 'scholarly articles',
    },
    lab: {
      kind: 'lab',
      topic: 'enzyme activity and temperature',
      deliverable: 'lab report',
      check: 'your own results',
    },
    problems: {
      kind: 'problems',
      topic: 'quadratic equations',
      deliverable: 'problem set',
      check: 'redo them by hand',
    },
    discussion: {
      kind: 'discussion',
      topic: 'social media and democracy',
      deliverable: 'discussion post',
      check: 'course readings',
    },
    creative: {
      kind: 'creative',
      topic: 'your story',
      deliverable: 'short story',
      check: 'real detail about the place',
    },
  } as const;

  const revise = (request: (typeof assignments)[keyof typeof assignments]) => {
    const proposal = proposeIntegrationOffline(request);
    return {
      proposal,
      revised: reviseAssignmentOffline({
        originalAssignment: request.assignmentText,
        selectedSuggestions: proposal.suggestions,
        assignmentTitle: request.assignmentTitle,
        subject: request.subject,
        gradeLevel: request.gradeLevel,
        estimatedTime: request.estimatedTime,
      }),
    };
  };

  it.each(Object.keys(assignments) as Array<keyof typeof assignments>)(
    'names what the %s assignment is about, and fits the kind of work',
    (name) => {
      const request = assignments[name];
      const want = expected[name];
      expect(profileAssignment(request)).toMatchObject({
        kind: want.kind,
        topic: want.topic,
        deliverable: want.deliverable,
      });
      const { proposal } = revise(request);
      const all = JSON.stringify(proposal);
      // Every suggestion's title names the assignment's subject or the work students hand in.
      const topicWords = want.topic.replace(/^(?:your|the) /, '').toLowerCase();
      for (const suggestion of proposal.suggestions)
        expect([topicWords, want.deliverable].some((words) => suggestion.title.toLowerCase().includes(words))).toBe(
          true,
        );
      expect(all).toContain(want.check);
      // No half-read phrases: a capitalised verb glued to a name, a number cut at its comma.
      expect(all).not.toMatch(
        /Renaissance Write|about [A-Z][a-z]+ [A-Z][a-z]+ (?:Write|Research|Choose)\b|(?:a|of) 1(?=[;."]|$)/,
      );
      // Every title, activity and example starts with a capital and has no doubled words or spaces.
      for (const suggestion of proposal.suggestions) {
        for (const line of [suggestion.title, suggestion.description, ...suggestion.activities]) {
          expect(line).toMatch(/^[A-Z“]/);
          expect(line).not.toMatch(/\s{2}|\b(\w+) \1\b/i);
        }
      }
    },
  );

  it('checks a research essay on an artist against citable sources, not literary criticism', () => {
    const all = JSON.stringify(revise(assignments.research).proposal);
    expect(all).not.toContain('literary criticism');
    expect(all).not.toContain('Discuss and build on AI ideas');
  });

  it.each(Object.keys(assignments) as Array<keyof typeof assignments>)(
    'writes the revised %s assignment to the students, not about them',
    (name) => {
      const { revised } = revise(assignments[name]);
      const added = revised.slice(revised.indexOf('How AI Fits Into This Assignment'));
      expect(added).not.toMatch(/\b[Ss]tudents\b|\bthey\b|\btheir\b|\bthemselves\b/);
      expect(added).toContain(`Before you start your ${expected[name].deliverable}`);
      expect(revised).toContain(assignments[name].assignmentText.trim());
    },
  );
});
