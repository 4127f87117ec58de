import { performance } from 'node:perf_hooks';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from '../../src/server/db/client';

const dialect = new PgDialect();

export interface Statement {
  sql: string;
  params: unknown[];
  start: number;
  end: number;
}

interface DriverClient {
  query(text: string, params?: unknown[]): Promise<unknown>;
}

/**
 * A Db that records every statement it runs, with when it started and ended: those sent through
 * drizzle (`execute`) and those the engine sends straight to the driver (`$client.query`), which
 * are most of an answer's time. Only the profiling pass uses it: the timed rounds run on the plain Db.
 */
export function recordingDb(db: Db): { db: Db; statements: Statement[] } {
  const statements: Statement[] = [];
  const record = async <T>(run: () => Promise<T>, compile: () => { sql: string; params: unknown[] }) => {
    const start = performance.now();
    try {
      return await run();
    } finally {
      const compiled = compile();
      statements.push({ sql: compiled.sql, params: compiled.params, start, end: performance.now() });
    }
  };
  const execute = (query: SQL) =>
    record(
      () => db.execute(query),
      () => dialect.sqlToQuery(query),
    );
  const driver = (db as unknown as { $client?: DriverClient }).$client;
  const client =
    driver &&
    new Proxy(driver, {
      get(target, property) {
        if (property === 'query')
          return (text: string, params: unknown[] = []) =>
            record(
              () => target.query(text, params),
              () => ({ sql: text, params }),
            );
        const value = Reflect.get(target, property, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  const proxy = new Proxy(db, {
    get(target, property) {
      if (property === 'execute') return execute;
      if (property === '$client') return client;
      return Reflect.get(target, property, target);
    },
  });
  return { db: proxy, statements };
}

/**
 * Each statement's own time. PGlite runs one statement at a time, in the order they arrive, so a
 * statement sent with others (Promise.all) first waits for those before it: its own time starts
 * when the previous one ended. On PostgreSQL (a pool) this is only an approximation.
 */
export function ownTimes(statements: readonly Statement[]): Map<Statement, number> {
  const byEnd = [...statements].sort((a, b) => a.end - b.end);
  const own = new Map<Statement, number>();
  let previousEnd = Number.NEGATIVE_INFINITY;
  for (const statement of byEnd) {
    own.set(statement, statement.end - Math.max(statement.start, previousEnd));
    previousEnd = statement.end;
  }
  return own;
}

/** Time covered by at least one statement: concurrent ones (Promise.all) are not counted twice. */
export function busyTime(statements: readonly Statement[]): number {
  const spans = statements.map((s) => [s.start, s.end] as const).sort((a, b) => a[0] - b[0]);
  let total = 0;
  let open = Number.NEGATIVE_INFINITY;
  let close = Number.NEGATIVE_INFINITY;
  for (const [start, end] of spans) {
    if (start > close) {
      if (close > open) total += close - open;
      open = start;
      close = end;
    } else close = Math.max(close, end);
  }
  if (close > open) total += close - open;
  return total;
}

/** One line of SQL, for tables. */
export function oneLine(text: string, width = 100): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > width ? `${flat.slice(0, width - 1)}…` : flat;
}

/** Runs EXPLAIN (ANALYZE, BUFFERS) on a recorded statement and returns the plan's lines. */
export async function explainAnalyze(db: Db, statement: Statement): Promise<string[]> {
  const client = (db as unknown as { $client: { query(text: string, params: unknown[]): Promise<unknown> } })
    .$client;
  const result = (await client.query(`explain (analyze, buffers) ${statement.sql}`, statement.params)) as {
    rows: { 'QUERY PLAN': string }[];
  };
  return result.rows.map((row) => row['QUERY PLAN']);
}

/** Parameters inlined, so a statement can be pasted into psql. */
export function withParams(statement: Statement): string {
  return statement.sql.replace(/\$(\d+)/g, (_, n: string) => {
    const value = statement.params[Number(n) - 1];
    return typeof value === 'number' ? String(value) : `'${String(value).replaceAll("'", "''")}'`;
  });
}
