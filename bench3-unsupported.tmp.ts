import { isForeign } from './src/analyst/parse/unsupported/language';
const q = 'how much did we spend on ads in the last 30 days '.repeat(42);
for (let round = 0; round < 5; round++) {
  const s = performance.now();
  for (let i = 0; i < 200; i++) isForeign(q);
  console.log('lang', ((performance.now() - s) / 200).toFixed(3));
}
const W = /[^\p{L}'’]+/u;
let s = performance.now();
for (let i = 0; i < 200; i++) q.toLowerCase().split(W);
console.log('split', ((performance.now() - s) / 200).toFixed(3));
s = performance.now();
for (let i = 0; i < 200; i++) { let n = 0; for (const c of q) n += c.charCodeAt(0); }
console.log('iter', ((performance.now() - s) / 200).toFixed(3));
