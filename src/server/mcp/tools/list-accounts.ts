import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { listAccounts } from '../../accounts/accounts';
import { tableMarkdown } from '../markdown';
import { guarded, type ToolContext, toolAnswer } from '../tool-result';

/** `list_accounts`: the token owner's connected ad accounts; answers read only the active ones. */
export function registerListAccountsTool(server: McpServer, ctx: ToolContext): void {
  server.registerTool(
    'list_accounts',
    {
      title: 'List your ad accounts',
      description:
        'Lists your connected Meta ad accounts with currency, time zone, whether each is active (only active accounts are read by ask and query) and its sync state.',
      inputSchema: z.object({}),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    () =>
      guarded(ctx, async () => {
        const accounts = (await listAccounts(ctx.app.asking.db, ctx.request.currentUser.id)).map(
          (account) => ({
            account_id: account.account_id,
            name: account.name,
            currency: account.currency,
            time_zone: account.timezone,
            active: account.active,
            sync: {
              status: account.sync.status,
              last_success_at: account.sync.last_success_at,
              data_through: account.sync.progress?.data_through ?? null,
              last_error: account.sync.last_error,
            },
          }),
        );
        const rows = accounts.map((account) => ({
          account: account.name,
          account_id: account.account_id,
          currency: account.currency,
          time_zone: account.time_zone,
          active: account.active ? 'yes' : 'no',
          sync: account.sync.status,
          last_synced: account.sync.last_success_at,
        }));
        const text = rows.length > 0 ? tableMarkdown(rows, []) : 'No ad accounts are connected yet.';
        return toolAnswer(text, { accounts });
      }),
  );
}
