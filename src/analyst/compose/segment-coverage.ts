import { sql } from 'drizzle-orm';
import { textArray } from '../../warehouse/sql-arrays';
import { BREAKDOWN_TABLE, type BreakdownKey } from '../dimensions';
import type { Filters, Period } from '../parse/plan';
import { queryRows } from '../warehouse-db';
import type { ComposeContext } from './context';

/** Which of the period's days, and which accounts, one breakdown key's rows cover. */
export interface Coverage {
  /** Days of the period with rows, over all the accounts read. */
  days: number;
  /** Days in the period. */
  span: number;
  /** The first and last day with rows inside the period. */
  firstIn?: string;
  lastIn?: string;
  /** The first and last day with rows at all, for a decline that says which dates there are. */
  first?: string;
  last?: string;
  /** Accounts read that have rows in the period, and the names of those that have none. */
  covered: string[];
  missing: string[];
}

/** The accounts a question reads: the caller's, narrowed by its account filters. */
export function accountsRead(ctx: ComposeContext, filters: Filters): string[] {
  let ids = [...ctx.scope.accountIds];
  for (const filter of filters) {
    if (
      filter.dimension !== 'account' ||
      (filter.op !== undefined && filter.op !== 'in' && filter.op !== 'not_in')
    )
      continue;
    const keep = (filter.op ?? 'in') === 'in';
    ids = ids.filter((id) => filter.values.includes(id) === keep);
  }
  return ids;
}

const daysIn = (range: Period) =>
  Math.round((Date.parse(range.end) - Date.parse(range.start)) / 86_400_000) + 1;

/**
 * One statement: per account, the first and last day of the key's rows, in and out of the period,
 * and the period's days that have rows. Each figure is an index probe on (account, key, day), so it
 * stays cheap however many rows a key holds.
 */
export async function breakdownCoverage(
  ctx: ComposeContext,
  key: BreakdownKey,
  filters: Filters,
  range: Period,
): Promise<Coverage> {
  const ids = accountsRead(ctx, filters);
  const table = sql.raw(BREAKDOWN_TABLE);
  const rows = await queryRows<{
    account_id: string;
    first: string | null;
    last: string | null;
    first_in: string | null;
    last_in: string | null;
    days_in: number;
    all_days: number;
  }>(
    ctx.db,
    sql`select a.id as account_id,
      (select min(b.day) from ${table} b where b.account_id = a.id and b.breakdown = ${key})::text as first,
      (select max(b.day) from ${table} b where b.account_id = a.id and b.breakdown = ${key})::text as last,
      (select min(b.day) from ${table} b where b.account_id = a.id and b.breakdown = ${key}
        and b.day between ${range.start}::date and ${range.end}::date)::text as first_in,
      (select max(b.day) from ${table} b where b.account_id = a.id and b.breakdown = ${key}
        and b.day between ${range.start}::date and ${range.end}::date)::text as last_in,
      (select count(*) from generate_series(${range.start}::date, ${range.end}::date, interval '1 day') d
        where exists (select 1 from ${table} b where b.account_id = a.id and b.breakdown = ${key}
          and b.day = d::date))::int as days_in,
      (select count(*) from generate_series(${range.start}::date, ${range.end}::date, interval '1 day') d
        where exists (select 1 from ${table} b where b.account_id = any(${textArray(ids)})
          and b.breakdown = ${key} and b.day = d::date))::int as all_days
    from unnest(${textArray(ids)}) as a(id)`,
  );
  const withRows = rows.filter((row) => Number(row.days_in) > 0);
  const names = new Map(
    ctx.catalog.entities.filter((e) => e.level === 'account').map((e) => [e.id, e.name] as const),
  );
  const min = (values: (string | null)[]) => values.filter((v): v is string => Boolean(v)).sort()[0];
  const max = (values: (string | null)[]) =>
    values
      .filter((v): v is string => Boolean(v))
      .sort()
      .at(-1);
  const firstIn = min(rows.map((row) => row.first_in));
  const lastIn = max(rows.map((row) => row.last_in));
  const first = min(rows.map((row) => row.first));
  const last = max(rows.map((row) => row.last));
  return {
    days: Number(rows[0]?.all_days ?? 0),
    span: daysIn(range),
    ...(firstIn ? { firstIn } : {}),
    ...(lastIn ? { lastIn } : {}),
    ...(first ? { first } : {}),
    ...(last ? { last } : {}),
    covered: withRows.map((row) => row.account_id),
    missing: rows
      .filter((row) => Number(row.days_in) === 0)
      .map((row) => names.get(row.account_id) ?? row.account_id),
  };
}

/** Whether the ads read carry their creative format (Meta's object_type) at all. */
export async function formatsKnown(ctx: ComposeContext, filters: Filters): Promise<boolean> {
  const ids = accountsRead(ctx, filters);
  const [row] = await queryRows<{ known: number }>(
    ctx.db,
    sql`select count(*)::int as known from meta_ads
      where account_id = any(${textArray(ids)}) and format is not null`,
  );
  return Number(row?.known ?? 0) > 0;
}

/** The part of the period the rows cover, when they cover only part of it. */
export function coveredSpan(coverage: Coverage, range: Period): Period | undefined {
  if (!coverage.firstIn || !coverage.lastIn) return undefined;
  if (coverage.firstIn === range.start && coverage.lastIn === range.end) return undefined;
  return { start: coverage.firstIn, end: coverage.lastIn, label: '' };
}
