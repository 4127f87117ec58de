import { type SQL, sql } from 'drizzle-orm';
import type { RollupLevel, RollupTable } from '../../warehouse/rollups';
import { textArray } from '../../warehouse/sql-arrays';
import { addDays, type DateRange } from '../dates/calendar';
import type { TimeGrain } from '../dimensions';
import { grainsServing, loosenedEnd, type RangePart, splitRange } from './range-parts';
import { insightsTable } from './tables';

/** One stretch of the range and the table whose rows answer it. */
export interface SourcePart extends DateRange {
  table: RollupTable;
  /**
   * Set when the range's last period may run past its end: the part is read only when the
   * accounts have rows on these days (`stored`), or only when they have none.
   */
  when?: { days: DateRange; stored: boolean };
}

/**
 * Where a query's insights rows come from: the level's sums at the coarsest grains its time
 * groupings can read. When letting the last period run past the range's end reads fewer rows,
 * both readings are returned, their differing parts guarded so that exactly one applies.
 * Without roll-ups, the ad-day rows alone.
 */
export function sourceParts(
  level: RollupLevel,
  range: DateRange,
  timeGrains: readonly TimeGrain[],
  rollups: boolean,
): SourcePart[] {
  if (!rollups) return [{ table: insightsTable('ad', 'day'), ...range }];
  const grains = grainsServing(timeGrains);
  const exact = splitRange(range, grains);
  const part = ({ grain, start, end }: RangePart, when?: SourcePart['when']): SourcePart => ({
    table: insightsTable(level, grain),
    start,
    end,
    ...(when ? { when } : {}),
  });
  const loose = loosenedEnd(range, grains);
  if (!loose) return exact.map((each) => part(each));
  // Both readings go into the statement, each guarded, so that the choice and the rows come from
  // the same snapshot: a load that adds later days can never leak them into the answer.
  const days = { start: addDays(range.end, 1), end: loose.end };
  const inBoth = (candidate: RangePart, others: RangePart[]) =>
    others.some((other) =>
      (['grain', 'start', 'end'] as const).every((key) => other[key] === candidate[key]),
    );
  return [
    ...loose.parts.map((each) => (inBoth(each, exact) ? part(each) : part(each, { days, stored: false }))),
    ...exact.filter((each) => !inBoth(each, loose.parts)).map((each) => part(each, { days, stored: true })),
  ];
}

/** The columns of `i` these SQL fragments read, in order of first appearance. */
export function columnsRead(fragments: readonly string[]): string[] {
  const columns = fragments.flatMap((fragment) =>
    [...fragment.matchAll(/\bi\.([a-z_][a-z0-9_]*)/g)].map((match) => match[1] as string),
  );
  return [...new Set(columns)];
}

/** The rows of one part, already narrowed to the caller's accounts and the part's days. */
function partRows(part: SourcePart, columns: readonly string[], accountIds: string[]): SQL {
  const accounts = sql`account_id = any(${textArray(accountIds)})`;
  const guard = part.when
    ? sql` and ${part.when.stored ? sql`` : sql`not `}exists (select 1 from ${sql.raw(insightsTable('account', 'day'))}
        where ${accounts} and day between ${part.when.days.start}::date and ${part.when.days.end}::date)`
    : sql``;
  return sql`select ${sql.raw(columns.join(', '))} from ${sql.raw(part.table)}
      where ${accounts} and day between ${part.start}::date and ${part.end}::date${guard}`;
}

/**
 * The `from` of the inner aggregate (aliased `i`) and the conditions that narrow it to the
 * accounts and days. One part reads its table directly. Several are a union of only the columns
 * read, each branch carrying its own account and day conditions so that each uses its table's
 * (account_id, day) index.
 */
export function insightRows(
  parts: readonly SourcePart[],
  columns: readonly string[],
  accountIds: string[],
): { from: SQL; conditions: SQL[] } {
  const [only] = parts;
  if (only && parts.length === 1)
    return {
      from: sql`${sql.raw(only.table)} i`,
      conditions: [
        sql`i.account_id = any(${textArray(accountIds)})`,
        sql`i.day between ${only.start}::date and ${only.end}::date`,
      ],
    };
  const branches = parts.map((part) => partRows(part, columns, accountIds));
  return { from: sql`(${sql.join(branches, sql`\n    union all `)}) i`, conditions: [] };
}
