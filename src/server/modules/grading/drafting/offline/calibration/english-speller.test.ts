import { describe, expect, it } from 'vitest';
import { createSpeller, loadEnglishSpeller } from './english-speller';

describe('a speller over a Hunspell dictionary', () => {
  // A tiny dictionary in the format dictionary-en uses: prefix and suffix rules with conditions.
  const aff = [
    'SET UTF-8',
    'ICONV 1',
    "ICONV ’ '",
    'ONLYINCOMPOUND c',
    'PFX U Y 1',
    'PFX U   0     un         .',
    'SFX S Y 2',
    'SFX S   y     ies        [^aeiou]y',
    'SFX S   0     s          [^sxzhy]',
    'SFX D N 1',
    'SFX D   0     ed         [^ey]',
  ].join('\n');
  const dic = ['5', 'happy/U', 'library/S', 'lock/USD', 'walk/D', "don't", '1th/c'].join('\n');
  const speller = createSpeller(aff, dic);

  it('accepts dictionary words with their suffixes and prefixes, and prefix with suffix where both allow it', () => {
    for (const word of [
      'happy',
      'unhappy',
      'library',
      'libraries',
      'lock',
      'locks',
      'unlock',
      'unlocks',
      'locked',
      'walked',
      "don't",
      'don’t',
    ]) {
      expect(speller.isCorrect(word), word).toBe(true);
    }
  });

  it('refuses words the rules do not make', () => {
    // "librarys": the condition sends -y words to -ies; "unlocked": D is not a cross product; "unwalk": no U flag.
    for (const word of ['librarys', 'unlocked', 'unwalk', 'walkes', 'happys', 'dont', '1th']) {
      expect(speller.isCorrect(word), word).toBe(false);
    }
  });

  it('accepts a capitalised or upper-case form of a lower-case word, not the reverse', () => {
    const names = createSpeller(aff, ['2', 'walk/D', 'Newark'].join('\n'));
    expect(names.isCorrect('Walked')).toBe(true);
    expect(names.isCorrect('WALKED')).toBe(true);
    expect(names.isCorrect('NEWARK')).toBe(true);
    expect(names.isCorrect('newark')).toBe(false);
  });
});

describe('the English speller (dictionary-en)', () => {
  it('knows common words in their inflected forms and finds common misspellings', async () => {
    const speller = await loadEnglishSpeller();
    for (const word of [
      'libraries',
      'censorship',
      'unhappiness',
      'rereading',
      'obstacles',
      'docked',
      "shouldn't",
      'author’s',
      'Newark',
      'However',
    ]) {
      expect(speller.isCorrect(word), word).toBe(true);
    }
    for (const word of ['teh', 'recieve', 'definately', 'alot', 'dont', 'becuase', 'goverment', 'mispelling']) {
      expect(speller.isCorrect(word), word).toBe(false);
    }
  });

  it('loads once per process', async () => {
    expect(await loadEnglishSpeller()).toBe(await loadEnglishSpeller());
  });
});
