import { normalise } from './src/analyst/parse/entities';
import { findUnsupported } from './src/analyst/parse/unsupported';
for (const q of process.argv.slice(2)) {
  const r = findUnsupported(normalise(q), q);
  console.log(JSON.stringify(q), '=>', r ? `${r.kind}: ${r.message} | ${r.suggestions.join(' / ')} | ${JSON.stringify(r.spans)}` : 'undefined');
}
