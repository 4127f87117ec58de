/**
 * A process that only answers questions, for the benchmark's memory figure: it opens a loaded
 * warehouse (a PGlite data dir or a PostgreSQL URL), answers the question mix a few times, and
 * prints one JSON line with its peak RSS. bench-analyst.ts compiles it first (compile-probe.ts) and
 * runs it under plain node, as the product runs, so tsx's own memory stays out of the figure. Its
 * argument is that JSON:
 *   { "kind": "pglite" | "postgres", "location": "...", "today": "YYYY-MM-DD", "rounds": 3, "questions": ["..."] }
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { answerQuestion } from '../../src/analyst/engine';
import { openDatabase, queryRows } from '../../src/server/db/client';

interface Job {
  kind: 'pglite' | 'postgres';
  location: string;
  today: string;
  rounds: number;
  questions: string[];
}

/** Peak resident set size in MB: the kernel's high-water mark where there is one. */
function peakRssMb(): number {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
    if (match) return Number(match[1]) / 1024;
  } catch {
    // Not Linux: fall through.
  }
  return process.resourceUsage().maxRSS / 1024;
}

async function main(): Promise<void> {
  const job = JSON.parse(process.argv[2] ?? '{}') as Job;
  const startRss = peakRssMb();
  const database =
    job.kind === 'pglite'
      ? await openDatabase({ kind: 'pglite', dir: job.location })
      : await openDatabase({ kind: 'postgres', url: job.location });
  try {
    const accounts = await queryRows<{ id: string }>(
      database.db,
      sql`select id from meta_ad_accounts order by id`,
    );
    const request = {
      db: database.db,
      scope: { accountIds: accounts.map((a) => a.id) },
      today: job.today,
      dataVersion: 'memory-probe',
    };
    const afterOpen = peakRssMb();
    const times: number[] = [];
    let failed = 0;
    for (let round = 0; round < job.rounds; round++)
      for (const question of job.questions) {
        const start = performance.now();
        try {
          await answerQuestion(request, question);
        } catch {
          failed += 1;
        }
        times.push(performance.now() - start);
      }
    console.log(
      JSON.stringify({
        peakRssMb: peakRssMb(),
        startRssMb: startRss,
        afterOpenRssMb: afterOpen,
        answers: times.length,
        failed,
        totalMs: times.reduce((a, b) => a + b, 0),
      }),
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exitCode = 1;
});
