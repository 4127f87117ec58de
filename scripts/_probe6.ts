import { performance } from 'node:perf_hooks';
import { findPeriods } from '../src/analyst/dates/periods';
import { findPeriods as oldFind } from './_old_dates/periods';
import { normalize } from '../src/analyst/dates/normalize';
import { explicitCandidates } from '../src/analyst/dates/explicit';
import { namedCandidates } from '../src/analyst/dates/named';
import { rollingCandidates } from '../src/analyst/dates/rolling';
import { relativeCandidates } from '../src/analyst/dates/relative';
import { repeatTo, longQuestions } from './bench/long-questions';
const today = '2026-11-20';
const units = ['october 1 to october 15 vs september ', 'q3 2025 vs q2 from 2025 to 2026 ', 'campaings lst wek convrsions ', 'last 30 days vs ', 'since monday ', '10/1-10/15 vs '];
const best = (f: () => unknown) => { let b = 1e9; for (let i = 0; i < 7; i++) { const t = performance.now(); f(); b = Math.min(b, performance.now() - t); } return b.toFixed(2).padStart(7); };
for (const u of units) for (const n of [2000, 8000]) {
  const q = repeatTo(u, n); const nz = normalize(q);
  console.log(u.slice(0, 30).padEnd(31), String(n).padStart(5), 'all', (() => { let k = 0; return best(() => findPeriods(q + ' '.repeat(++k), today)); })(), 'old', (() => { let k = 0; return best(() => oldFind(q + ' '.repeat(++k), today)); })(), 'norm', best(() => normalize(q)), 'expl', best(() => explicitCandidates(nz.text, today)), 'named', best(() => namedCandidates(nz.text, today)), 'roll', best(() => rollingCandidates(nz.text, today)), 'rel', best(() => relativeCandidates(nz, today)));
}
