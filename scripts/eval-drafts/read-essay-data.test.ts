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

describe('reading rubric scores in essays.tsv', () => {
  it('reads c:<Criterion> and r2:<Criterion> columns by criterion name, leaving out empty cells', () => {
    const tsv = [
      'essay_id\tessay_set\tessay\tscore\tc:Content\tc:Word Choice\tr2:Word Choice',
      '1\t2\tText one.\t4\t3\t4\t5',
      '2\t2\tText two.\t2\t\t2\t',
    ].join('\n');
    const [first, second] = parseEssaysTsv(tsv);
    expect(first).toMatchObject({ criteria: { Content: 3, 'Word Choice': 4 }, criteriaRater2: { 'Word Choice': 5 } });
    expect(second).toMatchObject({ criteria: { 'Word Choice': 2 }, criteriaRater2: {} });
    expect(() => parseEssaysTsv('essay_id\tessay_set\tessay\tscore\tc:Content\n1\t2\tText\t4\tthree\n')).toThrow(
      'essays.tsv line 2: Content "three" is not a number',
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
        criteria: [],
      },
      { id: '10', prompt: 'Argue.', source: null, rubric: 'Score 6: ...', minScore: 1, maxScore: 6, criteria: [] },
    ]);
  });

  it('reads a set’s rubric criteria with their scales and ratings, in order', () => {
    const criteria = [
      {
        name: 'Content',
        min: 0,
        max: 3,
        description: 'How fully the response answers.',
        description_origin: 'written here',
        ratings: [
          { points: 3, description: 'Answers the question.' },
          { points: 0, description: 'Irrelevant.' },
        ],
      },
      { name: 'Language', min: 0, max: 3, ratings: [] },
    ];
    const json = JSON.stringify({ 4: { prompt: 'Explain.', min_score: 0, max_score: 3, criteria } });
    expect(parseSetsJson(json)[0]?.criteria).toEqual([
      {
        name: 'Content',
        min: 0,
        max: 3,
        description: 'How fully the response answers.',
        ratings: [
          { points: 3, description: 'Answers the question.' },
          { points: 0, description: 'Irrelevant.' },
        ],
      },
      { name: 'Language', min: 0, max: 3, description: null, ratings: [] },
    ]);
    const flat = { 4: { prompt: 'x', min_score: 0, max_score: 3, criteria: [{ name: 'Flat', min: 2, max: 2 }] } };
    expect(() => parseSetsJson(JSON.stringify(flat))).toThrow(
      'sets.json: set 4 criterion "Flat" has max 2 not above min 2',
    );
  });

  it('refuses a file that is not the format, with the reason', () => {
    expect(() => parseSetsJson('{')).toThrow(/sets.json is not valid JSON/);
    expect(() => parseSetsJson(JSON.stringify({ 1: { prompt: 'x', min_score: 0 } }))).toThrow(/sets.json: 1.max_score/);
    expect(() => parseSetsJson(JSON.stringify({ 1: { prompt: 'x', min_score: 4, max_score: 4 } }))).toThrow(
      'sets.json: set 1 has max_score 4 not above min_score 4',
    );
  });
});
