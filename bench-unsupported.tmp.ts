import { normalise } from './src/analyst/parse/entities';
import { findUnsupported } from './src/analyst/parse/unsupported';
const qs = [
  'how much did we spend on ads in the last 30 days '.repeat(42),
  'what was my spend and roas in the last 7 days for us '.repeat(38) + ' by age',
  'a '.repeat(1000),
  'x'.repeat(2000),
  'can you '.repeat(250),
  'pause '.repeat(333),
  'will my '.repeat(250),
  'google '.repeat(280),
  'in the '.repeat(285),
  '. . '.repeat(500),
  ' '.repeat(2000),
  'new vs returning '.repeat(120),
  'where do my customers '.repeat(90),
  'what is my '.repeat(180),
  'écrire '.repeat(250),
];
for (const q of qs) {
  const t = normalise(q);
  findUnsupported(t, q);
  const start = performance.now();
  const n = 50;
  for (let i = 0; i < n; i++) findUnsupported(t, q);
  console.log(q.slice(0, 20).padEnd(22), q.length, ((performance.now() - start) / n).toFixed(3), 'ms');
}
