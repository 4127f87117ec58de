import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { tableMarkdown } from '../markdown';
import { dimensionDescriptions, metricDescriptions } from '../registry';
import { guarded, type ToolContext, toolAnswer } from '../tool-result';

/** `describe_metrics`: every metric and dimension the engine knows, from its registries. */
export function registerDescribeMetricsTool(server: McpServer, ctx: ToolContext): void {
  server.registerTool(
    'describe_metrics',
    {
      title: 'Describe metrics and dimensions',
      description:
        'Lists every metric (key, definition, unit, which way is better) and every dimension (entities, segments, time grains) that ask and query understand.',
      inputSchema: z.object({}),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    () =>
      guarded(ctx, async () => {
        const metrics = metricDescriptions();
        const dimensions = dimensionDescriptions();
        const text = [
          '## Metrics',
          tableMarkdown(
            metrics.map((m) => ({
              key: m.key,
              label: m.label,
              unit: m.unit,
              definition: m.definition,
              better: m.better,
            })),
            [],
          ),
          '## Dimensions',
          tableMarkdown(
            dimensions.map((d) => ({
              key: d.key,
              kind: d.kind,
              label: d.label,
              columns: d.columns.join(', '),
              filterable: d.filterable ? 'yes' : 'no',
            })),
            [],
          ),
        ].join('\n\n');
        return toolAnswer(text, { metrics, dimensions });
      }),
  );
}
