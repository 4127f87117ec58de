import { readFileSync } from 'node:fs';
import { normalise } from './src/analyst/parse/entities';
import { findUnsupported } from './src/analyst/parse/unsupported';
for (const file of ['../shared/eval/wild/questions.jsonl', '../shared/eval/questions.jsonl', '../shared/eval/wild/conversations.jsonl']) {
  for (const line of readFileSync(file, 'utf8').split('\n').filter(Boolean)) {
    const q = JSON.parse(line);
    const r = findUnsupported(normalise(q.question), q.question);
    const flagged = !!r;
    const mark = q.decline === undefined ? (flagged ? 'FLAG?' : '') : flagged === q.decline ? '' : flagged ? 'FALSE+' : 'MISS';
    if (mark || process.argv[2] === 'all') console.log(mark.padEnd(6), q.id, q.cat ?? '', JSON.stringify(q.question), r ? `${r.kind}: ${r.message.slice(0, 90)}` : '');
  }
}
