import { performance } from 'node:perf_hooks';
import { answerQuestion } from '../../src/analyst/engine';
import type { Db } from '../../src/server/db/client';
import {
  busyTime,
  explainAnalyze,
  oneLine,
  ownTimes,
  recordingDb,
  type Statement,
  withParams,
} from './profile';
import { max, median, ms, table } from './stats';

interface Profiled {
  question: string;
  wallMs: number;
  sqlMs: number;
  statements: Statement[];
  own: Map<Statement, number>;
}

export interface ProfileRequest {
  db: Db;
  scope: { accountIds: string[] };
  today: string;
  dataVersion: string;
}

/**
 * One more pass over the questions on a Db that records every statement, to tell how much of an
 * answer is SQL. Prints one line, or with `detail` the slowest answers and statements too.
 * Returns the share of answer time with a statement running.
 */
export async function profileAnswers(
  label: string,
  request: ProfileRequest,
  questions: readonly string[],
  options: { detail: boolean; explain: number },
): Promise<number> {
  const profiled: Profiled[] = [];
  // One recorder for the whole pass, warmed once: the engine caches the names catalog per Db,
  // and a fresh recorder per question would read it again on every answer, which the timed
  // rounds never do.
  const recorder = recordingDb(request.db);
  const recorded = { ...request, db: recorder.db };
  await answerQuestion(recorded, questions[0] ?? '').catch(() => undefined);
  for (const question of questions) {
    recorder.statements.length = 0;
    const start = performance.now();
    try {
      await answerQuestion(recorded, question);
    } catch {
      continue;
    }
    const statements = [...recorder.statements];
    profiled.push({
      question,
      wallMs: performance.now() - start,
      sqlMs: busyTime(statements),
      statements,
      own: ownTimes(statements),
    });
  }
  const wall = sumOf(profiled.map((p) => p.wallMs));
  const sqlMs = sumOf(profiled.map((p) => p.sqlMs));
  const statementCount = sumOf(profiled.map((p) => p.statements.length));
  console.log(
    `  ${label}: ${profiled.length} answers in ${ms(wall)}, SQL running ${ms(sqlMs)} = ${pct(sqlMs, wall)} of answer time; ${statementCount} statements (${(statementCount / Math.max(1, profiled.length)).toFixed(1)} per answer)`,
  );
  if (!options.detail) return sqlMs / wall;

  const slowest = [...profiled].sort((a, b) => b.wallMs - a.wallMs).slice(0, 10);
  console.log(
    table(
      [
        ['question', 'wall', 'SQL', 'statements', 'slowest'],
        ...slowest.map((p) => [
          oneLine(p.question, 56),
          ms(p.wallMs),
          ms(p.sqlMs),
          String(p.statements.length),
          ms(max([...p.own.values()])),
        ]),
      ],
      [1, 2, 3, 4],
    ),
  );
  const statements = profiled.flatMap((p) =>
    p.statements.map((statement) => ({ statement, own: p.own.get(statement) ?? 0, question: p.question })),
  );
  const classes = new Map<string, number[]>();
  for (const { statement, own } of statements) {
    const key = statementClass(statement.sql);
    classes.set(key, [...(classes.get(key) ?? []), own]);
  }
  console.log(
    '  statements by kind (own time: a statement queued behind others is not charged for the wait)',
  );
  console.log(
    table(
      [
        ['kind', 'count', 'total', 'median', 'max'],
        ...[...classes.entries()]
          .sort((a, b) => sumOf(b[1]) - sumOf(a[1]))
          .map(([key, times]) => [
            key,
            String(times.length),
            ms(sumOf(times)),
            ms(median(times)),
            ms(max(times)),
          ]),
      ],
      [1, 2, 3, 4],
    ),
  );
  statements.sort((a, b) => b.own - a.own);
  console.log('  slowest statements');
  console.log(
    table(
      [
        ['own', 'kind', 'question'],
        ...statements
          .slice(0, 10)
          .map(({ statement, own, question }) => [
            ms(own),
            statementClass(statement.sql),
            oneLine(question, 60),
          ]),
      ],
      [0],
    ),
  );
  for (const { statement, own, question } of statements.slice(0, options.explain)) {
    console.log(`\n  EXPLAIN ANALYZE · ${ms(own)} · ${question}`);
    console.log(`  ${withParams(statement).replace(/\s+/g, ' ')}`);
    for (const line of await explainAnalyze(request.db, statement)) console.log(`    ${line}`);
  }
  return sqlMs / wall;
}

const sumOf = (values: number[]) => values.reduce((total, value) => total + value, 0);
const pct = (part: number, whole: number) => `${Math.round((part / whole) * 100)}%`;

const groupLabels: [RegExp, string][] = [
  [/dn\.name/, 'ad'],
  [/i\.adset_id/, 'adset'],
  [/i\.campaign_id/, 'campaign'],
  [/ic\.objective/, 'objective'],
  [/i\.account_id/, 'account'],
  [/date_trunc\('week'/, 'week'],
  [/date_trunc\('month'/, 'month'],
  [/to_char\(i\.day/, 'day'],
];

/** "catalog", "insights by campaign from meta_insights_campaign_daily", or the statement's start. */
function statementClass(text: string): string {
  const source = /from (meta_insights_\w+)/.exec(text)?.[1];
  if (!source) return oneLine(text, 48);
  const groupBy = /group by (.*?)\) agg/s.exec(text)?.[1] ?? '';
  const groups = groupLabels.filter(([pattern]) => pattern.test(groupBy)).map(([, label]) => label);
  return `${groups.length ? `by ${groups.join(' × ')}` : 'total'} from ${source}`;
}
