import { describe, expect, it } from 'vitest';
import { editDistance } from '../../src/analyst/text/edit-distance';
import { normalise, plainCharacter } from '../../src/analyst/text/normalise';
import { createTypoCorrector } from '../../src/analyst/text/typo-corrector';

/** Full-matrix optimal string alignment distance, to check the banded one against. */
function plainDistance(a: string, b: string, substitutionCost: number): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const row = d[i] as number[];
      const above = d[i - 1] as number[];
      const cost = a[i - 1] === b[j - 1] ? 0 : substitutionCost;
      row[j] = Math.min(
        (above[j] as number) + 1,
        (row[j - 1] as number) + 1,
        (above[j - 1] as number) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        row[j] = Math.min(row[j] as number, (d[i - 2]?.[j - 2] as number) + 1);
      }
    }
  }
  return d[a.length]?.[b.length] as number;
}

describe('editDistance', () => {
  it('counts a replaced letter once by default and twice when asked', () => {
    expect(editDistance('last', 'list')).toBe(1);
    expect(editDistance('last', 'list', Number.POSITIVE_INFINITY, 2)).toBe(2);
    // Dropped, doubled and swapped letters cost one either way.
    expect(editDistance('week', 'wek', Number.POSITIVE_INFINITY, 2)).toBe(1);
    expect(editDistance('week', 'weeek', Number.POSITIVE_INFINITY, 2)).toBe(1);
    expect(editDistance('week', 'wkee', Number.POSITIVE_INFINITY, 2)).toBe(2);
    expect(editDistance('days', 'dyas', Number.POSITIVE_INFINITY, 2)).toBe(1);
  });

  it('is exact within the limit and says "more than the limit" past it, for both substitution costs', () => {
    let seed = 3;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const word = () =>
      Array.from({ length: Math.floor(random() * 10) }, () => 'abc'[Math.floor(random() * 3)]).join('');
    for (let n = 0; n < 800; n++) {
      const a = word();
      const b = word();
      for (const cost of [1, 2]) {
        const exact = plainDistance(a, b, cost);
        expect(editDistance(a, b, Number.POSITIVE_INFINITY, cost)).toBe(exact);
        for (const limit of [0, 1, 2, 3]) {
          const bounded = editDistance(a, b, limit, cost);
          if (exact <= limit) expect(bounded).toBe(exact);
          else expect(bounded).toBeGreaterThan(limit);
        }
      }
    }
  });

  it('answers a length gap beyond the limit without comparing letters', () => {
    expect(editDistance('a', 'abcdefgh', 2)).toBeGreaterThan(2);
    expect(editDistance('', '')).toBe(0);
  });
});

describe('createTypoCorrector', () => {
  const words = new Map([
    ['last', 1],
    ['yesterday', 2],
    ['march', 0],
    ['month', 1],
    ['months', 1],
  ]);

  it('corrects within each word’s own tolerance and leaves exact-only words alone', () => {
    const correct = createTypoCorrector({ words });
    expect(correct('yesteday')).toBe('yesterday');
    expect(correct('ysterdy')).toBe('yesterday');
    expect(correct('ystrdy')).toBe('ystrdy');
    expect(correct('mnth')).toBe('month');
    expect(correct('match')).toBe('match');
  });

  it('prefers the closest word, and the first listed on a tie', () => {
    const correct = createTypoCorrector({ words });
    expect(correct('monthss')).toBe('months');
    expect(correct('mnths')).toBe('months');
    const tie = createTypoCorrector({
      words: new Map([
        ['cart', 1],
        ['card', 1],
      ]),
    });
    expect(tie('car')).toBe('cart');
  });

  it('reads aliases first and never corrects protected words', () => {
    const correct = createTypoCorrector({
      words,
      aliases: new Map([['yday', 'yesterday']]),
      protectedWords: new Set(['lasts']),
    });
    expect(correct('yday')).toBe('yesterday');
    expect(correct('lasts')).toBe('lasts');
    expect(correct('lasst')).toBe('last');
    expect(correct('lasst', new Set(['lasst']))).toBe('lasst');
  });

  it('keeps the first letter when asked, allowing the first two swapped', () => {
    const loose = createTypoCorrector({ words });
    const strict = createTypoCorrector({ words, sameStart: true });
    expect(loose('blast')).toBe('last');
    expect(strict('blast')).toBe('blast');
    expect(strict('alst')).toBe('last');
  });

  it('does not read a replaced letter as a typo in short words when asked', () => {
    const loose = createTypoCorrector({ words });
    const strict = createTypoCorrector({ words, noSubstitutionUpTo: 4 });
    expect(loose('list')).toBe('last');
    expect(strict('list')).toBe('list');
    expect(strict('lastt')).toBe('last');
    expect(strict('monts')).toBe('month');
  });

  it('leaves short typed words alone and caps typos by the typed word’s length', () => {
    const capped = createTypoCorrector({
      words: new Map([
        ['revenue', 2],
        ['campaigns', 2],
      ]),
      minLength: 5,
      maxTyposForLength: (length) => (length >= 8 ? 2 : 1),
    });
    expect(capped('revnue')).toBe('revenue');
    expect(capped('revnu')).toBe('revnu');
    expect(capped('revennuee')).toBe('revenue');
    expect(capped('campain')).toBe('campain');
    expect(capped('campaings')).toBe('campaigns');
    expect(createTypoCorrector({ words, minLength: 5 })('lst')).toBe('lst');
  });
});

describe('normalise', () => {
  it('lower-cases, keeps the marks that carry meaning, and turns the rest into single spaces', () => {
    expect(normalise('  What was ROAS, per-campaign?!  ')).toBe('what was roas per campaign');
    expect(normalise("Spend > $500 at 2.5% on Women's")).toBe("spend $500 at 2.5% on women's");
  });

  it('reads typographic quotes, dashes and spaces as their ASCII forms', () => {
    expect(normalise('Client’s ‘Summer’ sale')).toBe("client's 'summer' sale");
    expect(normalise('client`s')).toBe("client's");
    expect(normalise('Oct 1\u2013Oct 15\u00a0spend')).toBe('oct 1 oct 15 spend');
    expect(normalise('Ünïcode 😀 名前')).toBe('n code');
  });

  it('shares its character rules with callers that keep every mark', () => {
    expect(plainCharacter('\u2014')).toBe('-');
    expect(plainCharacter('\u2212')).toBe('-');
    expect(plainCharacter('\u2019')).toBe("'");
    expect(plainCharacter('`')).toBe("'");
    expect(plainCharacter('\u00a0')).toBe(' ');
    expect(plainCharacter('Q')).toBe('q');
    expect(plainCharacter('/')).toBe('/');
  });
});
