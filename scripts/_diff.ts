import { findPeriods as oldFind } from './_old_dates/periods';
import { findPeriods as newFind } from '../src/analyst/dates/periods';
import { mulberry32 } from '../src/analyst/demo/random';
import { questionVocabulary, longQuestions } from './bench/long-questions';
import { realisticQuestions } from './bench/parse-questions';
const words = [...questionVocabulary, 'compared to the', 'since', 'from', 'between', 'and', 'to', 'may', '2025', '2026', 'in', 'oct 1', '10/1', '-', '10/15', 'october 15', 'change', 'went', 'than', 'the', 'previous period', 'the week before', 'week over week', 'WoW', 'monday', 'start of the month', '2/3', 'on', '          ', 'comparex', 'vs.', 'versus', 'year', 'q2', 'jan 5', 'feb 29', 'grew', 'x', 'compar', '2026-10-01', 'this month', 'last 7 days'];
const today = '2026-11-20';
let n = 0, diffs = 0, throws = 0;
const check = (q: string) => {
  n++;
  const run = (f: typeof oldFind) => { try { return JSON.stringify(f(q, today).found); } catch (e) { return 'THROW ' + String(e); } };
  const ja = run(oldFind), jb = run(newFind);
  if (ja.startsWith('THROW') && throws++ < 3) console.log('THROWS', JSON.stringify(q).slice(0, 400), ja);
  if (ja !== jb && !/"year":\d{1,3},|THROW/.test(ja)) { diffs++; if (diffs < 5) { let i = 0; while (ja[i] === jb[i]) i++; console.log('DIFF', JSON.stringify(q).slice(0, 300), '\n old', ja.slice(i - 150, i + 150), '\n new', jb.slice(i - 150, i + 150)); } }
};
for (const q of realisticQuestions) check(q);
for (const q of longQuestions(['Prospecting - Broad', 'Promo - End of Season Sale'])) check(q.text);
for (let seed = 1; seed <= 6000; seed++) {
  const r = mulberry32(seed); const len = seed % 50 === 0 ? 2000 : 10 + Math.floor(r() * 300);
  let t = ''; while (t.length < len) t += words[Math.floor(r() * words.length)] + (r() < 0.2 ? ' ' : ' ');
  check(t);
}
console.log('checked', n, 'diffs', diffs, 'throws', throws);
