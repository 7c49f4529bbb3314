import { describe, expect, it } from 'vitest';
import { keepFocusOnStudent, nearestWaiting, studentsAhead } from './use-student-navigator';

const list = ['ana', 'ben', 'cy', 'dee'] as const;

describe('studentsAhead', () => {
  it('gives the students Next reaches, nearest first, and none past the end', () => {
    expect(studentsAhead(list, 'ana', 1)).toEqual(['ben']);
    expect(studentsAhead(list, 'ben', 2)).toEqual(['cy', 'dee']);
    expect(studentsAhead(list, 'cy', 2)).toEqual(['dee']);
    expect(studentsAhead(list, 'dee', 1)).toEqual([]);
    expect(studentsAhead(list, 'ana', 0)).toEqual([]);
  });

  it('with no student open, the first ones are ahead', () => {
    expect(studentsAhead(list, null, 1)).toEqual(['ana']);
  });

  it('follows a neighbour rule (a filtered tab) and stops where it ends or loops', () => {
    const inTab = ['ana', 'cy'];
    const neighbor = (from: string | null) => {
      const start = from === null ? -1 : list.indexOf(from as (typeof list)[number]);
      return list.slice(start + 1).find((student) => inTab.includes(student)) ?? null;
    };
    expect(studentsAhead(list, 'ana', 2, neighbor)).toEqual(['cy']);
    expect(studentsAhead(list, 'cy', 1, neighbor)).toEqual([]);
    // A rule that comes back to the open student or repeats itself reads nobody twice.
    expect(studentsAhead(list, 'ana', 3, () => 'ana')).toEqual([]);
    expect(studentsAhead(list, 'ana', 3, () => 'ben')).toEqual(['ben']);
  });
});

describe('nearestWaiting', () => {
  const waiting = new Set(['ben', 'dee']);
  const waits = (student: string) => waiting.has(student);

  it('skips students whose work does not wait, forward and back, going round the list', () => {
    expect(nearestWaiting(list, 0, 1, waits)).toBe('ben');
    expect(nearestWaiting(list, 1, 1, waits)).toBe('dee');
    expect(nearestWaiting(list, 3, 1, waits)).toBe('ben');
    expect(nearestWaiting(list, 3, -1, waits)).toBe('ben');
    expect(nearestWaiting(list, 1, -1, waits)).toBe('dee');
  });

  it('never gives the open student, and nobody when no other student waits', () => {
    expect(nearestWaiting(list, 1, 1, (student) => student === 'ben')).toBeNull();
    expect(nearestWaiting(list, 0, 1, () => false)).toBeNull();
  });

  it('with no student open, gives the first waiting one', () => {
    expect(nearestWaiting(list, -1, 1, waits)).toBe('ben');
  });
});

describe('keepFocusOnStudent', () => {
  const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(null)));

  function screen() {
    document.body.innerHTML = `<h2 data-student-heading tabindex="-1">Zoë O'Brien</h2><button id="save">Save & Next</button><input id="grade" />`;
    return {
      heading: document.querySelector('h2')!,
      save: document.querySelector<HTMLButtonElement>('#save')!,
      grade: document.querySelector<HTMLInputElement>('#grade')!,
    };
  }

  it("gives the new student's name the focus when the control used is gone", async () => {
    const { heading, save } = screen();
    save.focus();
    const stop = keepFocusOnStudent(document, 1000);
    save.remove();
    await frame();
    await frame();
    expect(document.activeElement).toBe(heading);
    stop();
  });

  it('stops watching once she puts the focus in the form herself: a busy Save later does not move her', async () => {
    const { heading, save, grade } = screen();
    save.focus();
    const stop = keepFocusOnStudent(document, 1000);
    grade.focus();
    await frame();
    // Save is pressed and disabled while saving: the focus drops to the page.
    grade.blur();
    await frame();
    await frame();
    expect(document.activeElement).not.toBe(heading);
    stop();
  });
});
