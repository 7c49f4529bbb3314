import { describe, expect, it } from 'vitest';
import { EssayDataError, parseEssaysTsv, parseSetsJson } from './read-essay-data';

describe('reading essays.tsv', () => {
  it('reads the columns by name and splits on tabs only, so a student’s quotation marks stay theirs', () => {
    const tsv = [
      'essay_set\tessay_id\tessay\trater1\trater2\tscore',
      '2\t10\t"Books, music and films" should stay, I think.\t3\t4\t3',
      '4\t11\tShe says, "I will take that test again".\t2\t\t2',
      '',
    ].join('\n');
    expect(parseEssaysTsv(tsv)).toEqual([
      { id: '10', set: '2', text: '"Books, music and films" should stay, I think.', rater1: 3, rater2: 4, score: 3 },
      { id: '11', set: '4', text: 'She says, "I will take that test again".', rater1: 2, rater2: null, score: 2 },
    ]);
  });

  it('works without rater columns (the human-human figure is then not available)', () => {
    expect(parseEssaysTsv('essay_id\tessay_set\tessay\tscore\n1\tA\tText\t5\r\n')).toEqual([
      { id: '1', set: 'A', text: 'Text', rater1: null, rater2: null, score: 5 },
    ]);
  });

  it('says which file, line and column are wrong', () => {
    expect(() => parseEssaysTsv('essay_id\tessay\tscore\n')).toThrow(
      new EssayDataError('essays.tsv: the header has no essay_set column (found: essay_id, essay, score)'),
    );
    expect(() => parseEssaysTsv('essay_id\tessay_set\tessay\tscore\n1\t2\ttext\n')).toThrow(
      'essays.tsv line 2: 3 fields where the header has 4',
    );
    expect(() => parseEssaysTsv('essay_id\tessay_set\tessay\tscore\n1\t2\ttext\tfour\n')).toThrow(
      'essays.tsv line 2: score "four" is not a number',
    );
    expect(() => parseEssaysTsv('essay_id\tessay_set\tessay\tscore\n1\t2\ttext\t\n')).toThrow(
      'essays.tsv line 2: the score column is empty',
    );
  });
});

describe('reading sets.json', () => {
  it('reads each set with its scale, sorted by id', () => {
    const json = JSON.stringify({
      10: { prompt: 'Argue.', source: null, rubric: 'Score 6: ...', min_score: 1, max_score: 6, essays: 3 },
      4: { prompt: 'Explain the ending.', source: 'The story...', rubric: 'Score 3: ...', min_score: 0, max_score: 3 },
    });
    expect(parseSetsJson(json)).toEqual([
      {
        id: '4',
        prompt: 'Explain the ending.',
        source: 'The story...',
        rubric: 'Score 3: ...',
        minScore: 0,
        maxScore: 3,
      },
      { id: '10', prompt: 'Argue.', source: null, rubric: 'Score 6: ...', minScore: 1, maxScore: 6 },
    ]);
  });

  it('refuses a file that is not the format, with the reason', () => {
    expect(() => parseSetsJson('{')).toThrow(/sets.json is not valid JSON/);
    expect(() => parseSetsJson(JSON.stringify({ 1: { prompt: 'x', min_score: 0 } }))).toThrow(/sets.json: 1.max_score/);
    expect(() => parseSetsJson(JSON.stringify({ 1: { prompt: 'x', min_score: 4, max_score: 4 } }))).toThrow(
      'sets.json: set 1 has max_score 4 not above min_score 4',
    );
  });
});
