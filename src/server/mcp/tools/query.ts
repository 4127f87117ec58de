import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { isValidDay } from '../../../analyst/dates/calendar';
import { executeQuery, type QueryResult } from '../../../analyst/executor';
import { type AnalyticsQuery, analyticsQuerySchema } from '../../../analyst/query';
import { activeScope, listAccounts } from '../../accounts/accounts';
import { AppError } from '../../errors';
import { tableMarkdown } from '../markdown';
import { conversionEvent, resultColumns } from '../registry';
import { guarded, type ToolContext, toolAnswer } from '../tool-result';

const NO_ACCOUNTS =
  'You have no active ad accounts: connect Meta Ads in ARLO, or switch an account on in Settings → Integrations.';

/** One period's rows, with the columns (label and unit) they carry. */
function periodResult(result: QueryResult, range: AnalyticsQuery['time']['range']) {
  return {
    dates: { start: range.start, end: range.end, inclusive: true },
    columns: resultColumns(result.rows),
    rows: result.rows,
    currencies: result.currencies,
  };
}

/**
 * `query`: the engine's typed query, validated by the engine's own schema and run by its executor
 * over the token owner's active accounts. A comparison period is run as a second query.
 */
export function registerQueryTool(server: McpServer, ctx: ToolContext): void {
  server.registerTool(
    'query',
    {
      title: 'Run a typed ARLO query',
      description:
        'Runs one exact query over your Meta Ads daily rows: metrics, dimensions (entities, segments, time grains), filters, a date range (inclusive YYYY-MM-DD) and optional comparison period, order, limit, having. Ratios are computed from the period’s sums; currencies are never added together. Call describe_metrics for the metric and dimension keys. Counts toward the same per-minute limit as ask, but not toward the daily question quota.',
      inputSchema: analyticsQuerySchema,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (query) =>
      guarded(ctx, async () => {
        const { app, request } = ctx;
        checkCalendarDays(query.time);
        await app.limitQuestions(request);
        const { db } = app.asking;
        // The scope is the chat's own: the owner's switched-on accounts, whatever the filters say.
        const scope = await activeScope(db, request.currentUser.id);
        if (scope.accountIds.length === 0) throw new AppError('FORBIDDEN', NO_ACCOUNTS);
        const accounts = (await listAccounts(db, request.currentUser.id)).filter((account) =>
          scope.accountIds.includes(account.account_id),
        );
        const currencyByAccount = new Map(Object.entries(scope.currencyByAccount));
        const run = (range: AnalyticsQuery['time']['range']) =>
          executeQuery(
            db,
            { accountIds: scope.accountIds },
            { ...query, time: { ...query.time, range } },
            { currencyByAccount },
          );
        const current = await run(query.time.range);
        const compare = query.time.compare ? await run(query.time.compare) : undefined;
        const structured = {
          query: current.query,
          ...periodResult(current, query.time.range),
          ...(compare && query.time.compare ? { compare: periodResult(compare, query.time.compare) } : {}),
          accounts: accounts.map((account) => ({
            account_id: account.account_id,
            name: account.name,
            currency: account.currency,
            time_zone: account.timezone,
          })),
          conversion_event: conversionEvent(current.query.metrics),
        };
        return toolAnswer(queryMarkdown(structured), structured);
      }),
  );
}

/** The schema checks a date's shape; a day that does not exist (February 30) is refused here. */
function checkCalendarDays(time: AnalyticsQuery['time']): void {
  for (const [name, range] of [
    ['range', time.range],
    ['compare', time.compare],
  ] as const) {
    for (const edge of ['start', 'end'] as const) {
      const day = range?.[edge];
      if (day && !isValidDay(day))
        throw new AppError('VALIDATION_ERROR', `time.${name}.${edge}: ${day} is not a calendar day.`);
    }
  }
}

function queryMarkdown(result: {
  dates: { start: string; end: string };
  columns: ReturnType<typeof resultColumns>;
  rows: QueryResult['rows'];
  compare?: {
    dates: { start: string; end: string };
    columns: ReturnType<typeof resultColumns>;
    rows: QueryResult['rows'];
  };
  accounts: { name: string; currency: string }[];
  conversion_event: ReturnType<typeof conversionEvent>;
}): string {
  const table = (rows: QueryResult['rows'], columns: ReturnType<typeof resultColumns>) =>
    rows.length > 0 ? tableMarkdown(rows, columns) : '_No data for this period._';
  const lines = [
    `**Period:** ${result.dates.start} to ${result.dates.end}, whole days, inclusive.`,
    table(result.rows, result.columns),
  ];
  if (result.compare)
    lines.push(
      `**Compared with:** ${result.compare.dates.start} to ${result.compare.dates.end}.`,
      table(result.compare.rows, result.compare.columns),
    );
  lines.push(
    `**Accounts:** ${result.accounts.map((a) => `${a.name} (${a.currency})`).join(', ')}; only active accounts are read, narrowed by any account filter.`,
  );
  for (const count of result.conversion_event)
    lines.push(
      `**${count.metric}:** ${count.counts}${count.action_types ? ` (first of ${count.action_types.join(', ')})` : ''}.`,
    );
  return lines.join('\n\n');
}
