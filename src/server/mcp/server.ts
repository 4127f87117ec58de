import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { version } from '../version';
import type { ToolContext } from './tool-result';
import { registerAskTool } from './tools/ask';
import { registerDescribeMetricsTool } from './tools/describe-metrics';
import { registerListAccountsTool } from './tools/list-accounts';
import { registerQueryTool } from './tools/query';

const INSTRUCTIONS =
  'ARLO answers questions about the user’s Meta Ads with exact figures it computes itself. Prefer ask for questions in plain English (pass conversation_id to follow up); use query for an exact typed query (see describe_metrics for the keys). Quote figures as given: never add currencies together or re-derive ratios.';

/**
 * One MCP server for one request, acting for the token's owner. The endpoint is stateless: every
 * request builds its own, so nothing of one user's call can reach another's.
 */
export function buildMcpServer(ctx: ToolContext): McpServer {
  const server = new McpServer({ name: 'arlo', title: 'ARLO', version }, { instructions: INSTRUCTIONS });
  registerAskTool(server, ctx);
  registerQueryTool(server, ctx);
  registerListAccountsTool(server, ctx);
  registerDescribeMetricsTool(server, ctx);
  return server;
}
