/**
 * Words and key terms of a text: a tokenizer, stop words and words that describe any piece of
 * work, a light stemmer, and the content words a text is about. Used by the offline grading engine
 * and by the offline AI-literacy tool.
 */

const WORD_PATTERN = /[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu;

export function tokenize(text: string): string[] {
  return (text.toLowerCase().match(WORD_PATTERN) ?? []).map((word) => word.replace(/’/g, "'"));
}

const STOPWORDS = new Set(
  `a about above after again against all also am an and any are aren't as at be because been before being below between both but by
  can can't cannot could couldn't did didn't do does doesn't doing don't down during each few for from further had hadn't has hasn't
  have haven't having he he'd he'll he's her here here's hers herself him himself his how how's i i'd i'll i'm i've if in into is
  isn't it it's its itself let's me more most mustn't my myself no nor not of off on once only or other ought our ours ourselves out
  over own same shan't she she'd she'll she's should shouldn't so some such than that that's the their theirs them themselves then
  there there's these they they'd they'll they're they've this those through to too under until up very was wasn't we we'd we'll we're
  we've were weren't what what's when when's where where's which while who who's whom why why's with won't would wouldn't you you'd
  you'll you're you've your yours yourself yourselves one two three four five six seven eight nine ten first second third also may
  might must will shall many much every within without upon onto via per etc its just like get got make made really thing things way
  ways lot lots even still yet though although however therefore thus well`.split(/\s+/),
);

/** Words that describe any piece of work or any rubric, and say nothing about this assignment. */
const GENERIC_WORDS = new Set(
  `student students essay essays paper papers writing write writes written response responses work works assignment assignments task
  tasks piece pieces text texts clearly clear clarity demonstrates demonstrate demonstrated demonstrating shows show showing shown
  uses use using used effectively effective effectiveness good strong strongly weak weakly limited little some many most few lacks
  lack lacking excellent exemplary proficient developing beginning emerging advanced basic novice meets meet exceeds exceed
  expectations expectation criteria criterion points point rating ratings level levels appropriate appropriately minimal adequate
  adequately mostly somewhat partially partial fully full complete completely incomplete needs need improvement include includes
  including included provides provide provided providing makes making present presents presented presenting overall quality
  sufficient insufficient consistent consistently inconsistent thorough thoroughly throughout relevant irrelevant accurate accurately
  accuracy well-developed developed development detail details detailed specific specifically general generally least minimum maximum
  words word page pages due date submit submission submissions upload canvas please font double spaced single points grade graded
  grading rubric total each least requirements required requirement following follow follows instructions instruction complete
  completed students' student's reader readers audience yes no none ideas idea effort attempt attempts evident evidently missing
  able ability thesis claim claims counterargument counterargument counterclaim introduction conclusion conclusions transition
  transitions paragraph paragraphs evidence research statistics statistic example examples quotation quotations quote quotes source
  sources citation citations persuasive argumentative arguing argue argues argument arguments restate restates proofread grammar
  spelling punctuation capitalization capitalisation organization organisation structure position support supports supported
  consider address addresses whether arguable logical logically conventions convention mechanics usage discuss discusses explain explains describe describes pieces piece state states stated
  post posts posted posting reply replies replied replying respond responds responded responding answer answers answered answering
  question questions quiz quizzes feedback classmate classmates discussion discussions prompt prompts participation participate
  participates participating contribution contributions contribute contributes contributing conversation conversations engagement
  engage engages engaged peer peers`.split(/\s+/),
);

export function isContentWord(word: string): boolean {
  return word.length >= 4 && !STOPWORDS.has(word) && !GENERIC_WORDS.has(word) && !/^\d+$/.test(word);
}

/** A light stemmer: enough to match "policies"/"policy", "argued"/"argues", "cells"/"cell". */
export function stem(word: string): string {
  let result = word.toLowerCase().replace(/'s$/, '');
  if (result.length > 5 && result.endsWith('ies')) return result.slice(0, -3) + 'y';
  if (result.length > 5 && result.endsWith('ing')) return result.slice(0, -3);
  if (result.length > 4 && result.endsWith('ed')) return result.slice(0, -2);
  if (result.length > 4 && /(ches|shes|sses|xes)$/.test(result)) return result.slice(0, -2);
  if (
    result.length > 3 &&
    result.endsWith('s') &&
    !result.endsWith('ss') &&
    !result.endsWith('us') &&
    !result.endsWith('is')
  ) {
    result = result.slice(0, -1);
  }
  return result;
}

export function termsMatch(a: string, b: string): boolean {
  const stemA = stem(a);
  const stemB = stem(b);
  if (stemA === stemB) return true;
  const [shorter, longer] = stemA.length <= stemB.length ? [stemA, stemB] : [stemB, stemA];
  return shorter.length >= 5 && longer.startsWith(shorter);
}

/** The content words of a text, most frequent first (ties: the longer word, then the first seen), stems de-duplicated. */
export function keyTerms(text: string, limit: number): string[] {
  const counts = new Map<string, { word: string; count: number; first: number }>();
  tokenize(text).forEach((word, position) => {
    if (!isContentWord(word)) return;
    const key = stem(word);
    const entry = counts.get(key);
    if (entry) entry.count += 1;
    else counts.set(key, { word, count: 1, first: position });
  });
  return [...counts.values()]
    .sort((a, b) => b.count - a.count || b.word.length - a.word.length || a.first - b.first)
    .slice(0, limit)
    .map((entry) => entry.word);
}

/** Which of the terms occur in the words (by stem), and which do not. */
export function termCoverage(terms: string[], words: string[]): { found: string[]; missing: string[] } {
  const stems = new Set(words.map(stem));
  const stemList = [...stems];
  const found: string[] = [];
  const missing: string[] = [];
  for (const term of terms) {
    const termStem = stem(term);
    if (stems.has(termStem) || stemList.some((wordStem) => termsMatch(wordStem, termStem))) found.push(term);
    else missing.push(term);
  }
  return { found, missing };
}
