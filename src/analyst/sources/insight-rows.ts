import { type SQL, sql } from 'drizzle-orm';
import { AD_WINDOWS_TABLE, WINDOWS_HELD_TABLE, windowLengths } from '../../warehouse/ad-windows';
import type { RollupLevel, RollupTable } from '../../warehouse/rollups';
import { textArray } from '../../warehouse/sql-arrays';
import { addDays, type DateRange, daysBetween } from '../dates/calendar';
import type { TimeGrain } from '../dimensions';
import { grainsServing, loosenedEnd, type RangePart, splitRange } from './range-parts';
import { insightsTable } from './tables';

/** One stretch of the range and the table whose rows answer it. */
export interface SourcePart extends DateRange {
  table: RollupTable | typeof AD_WINDOWS_TABLE;
  /**
   * Set when the range's last period may run past its end: the part is read only when the
   * accounts have rows on these days (`stored`), or only when they have none.
   */
  when?: { days: DateRange; stored: boolean };
  /**
   * Set when the range is one of the trailing windows held per ad: the part is read only when
   * every account in scope holds that window (`stored`: the window's own rows), or only when one
   * does not (the rows it would otherwise come from).
   */
  held?: { window: DateRange; stored: boolean };
}

/**
 * Where a query's insights rows come from: the level's sums at the coarsest grains its time
 * groupings can read. When letting the last period run past the range's end reads fewer rows,
 * both readings are returned, their differing parts guarded so that exactly one applies.
 * Without roll-ups, the ad-day rows alone. An ad-level range with no time grouping, of a length
 * the trailing windows hold, may read the window instead, guarded the same way.
 */
export function sourceParts(
  level: RollupLevel,
  range: DateRange,
  timeGrains: readonly TimeGrain[],
  rollups: boolean,
  windows = rollups,
): SourcePart[] {
  if (!rollups) return [{ table: insightsTable('ad', 'day'), ...range }];
  const periods = periodParts(level, range, timeGrains);
  if (!windows || level !== 'ad' || timeGrains.length > 0 || !windowLengths.has(daysBetween(range)))
    return periods;
  const window = { start: range.start, end: range.end };
  return [
    { table: AD_WINDOWS_TABLE, ...window, held: { window, stored: true } },
    ...periods.map((part) => ({ ...part, held: { window, stored: false } })),
  ];
}

/** The level's sums at the coarsest grains the time groupings can read, whole periods and edge days. */
function periodParts(level: RollupLevel, range: DateRange, timeGrains: readonly TimeGrain[]): SourcePart[] {
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
  const guards: SQL[] = [];
  if (part.when)
    guards.push(sql`${part.when.stored ? sql`` : sql`not `}exists (select 1 from ${sql.raw(insightsTable('account', 'day'))}
        where ${accounts} and day between ${part.when.days.start}::date and ${part.when.days.end}::date)`);
  if (part.held) {
    // Every account must hold the window: one that lacks it has no rows there to tell it apart.
    const { window, stored } = part.held;
    const held = sql`(select count(*) from ${sql.raw(WINDOWS_HELD_TABLE)} where ${accounts}
        and since = ${window.start}::date and until = ${window.end}::date) = ${new Set(accountIds).size}`;
    guards.push(stored ? held : sql`not ${held}`);
  }
  const days =
    part.table === AD_WINDOWS_TABLE
      ? sql`since = ${part.start}::date and until = ${part.end}::date`
      : sql`day between ${part.start}::date and ${part.end}::date`;
  return sql`select ${sql.raw(columns.join(', '))} from ${sql.raw(part.table)}
      where ${accounts} and ${days}${sql.join(
        guards.map((guard) => sql` and ${guard}`),
        sql``,
      )}`;
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
