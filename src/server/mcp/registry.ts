import { dimensionKeys, dimensions } from '../../analyst/dimensions';
import type { ResultRow } from '../../analyst/executor';
import { type MetricKey, metricKeys, metrics, requiredSums, type SumMetric } from '../../analyst/metrics';
import type { Column, ColumnUnit } from '../../shared/api/answer';

/**
 * What MCP clients are told about metrics, dimensions and result columns, read from the engine's
 * own registries: a metric added there is described here with no change.
 */

const isMetric = (key: string): key is MetricKey => key in metrics;
const TIME_KEYS = new Set(['day', 'week', 'month', 'quarter']);

/** Each row key of a query's result with its label and unit (money is in the row's currency). */
export function resultColumns(rows: readonly ResultRow[]): Column[] {
  const keys: string[] = [];
  for (const row of rows) for (const key of Object.keys(row)) if (!keys.includes(key)) keys.push(key);
  return keys.map((key) => {
    if (isMetric(key)) return { key, label: metrics[key].label, unit: metrics[key].format as ColumnUnit };
    const unit: ColumnUnit = TIME_KEYS.has(key) ? 'date' : 'text';
    return { key, label: key, unit };
  });
}

/** Where a sum's value comes from: a field, or the first of several action types present. */
function sourceOf(key: SumMetric): string[] | undefined {
  const source = metrics[key].source;
  if (!source) return undefined;
  if ('actions' in source) return [...source.actions];
  if ('actionValues' in source) return [...source.actionValues];
  return undefined;
}

export interface ConversionCount {
  metric: string;
  counts: string;
  /** Meta action types, in precedence order: the first one a row carries is counted, once. */
  action_types?: string[];
}

/**
 * Which actions count as conversions for these metrics: every sum they need whose value depends on
 * the conversion event, with its action types (a sum of other sums names theirs).
 */
export function conversionEvent(keys: readonly MetricKey[]): ConversionCount[] {
  const sums = new Set<SumMetric>(requiredSums(keys));
  for (const key of [...sums]) {
    if (sourceOf(key) || !metrics[key].dependsOnConversionEvent) continue;
    // A sum of other sums ("purchases + leads") depends on how each of those is counted.
    for (const [, part] of (metrics[key].sql ?? '').matchAll(/i\.(\w+)/g))
      if (part && part in metrics && part !== key) sums.add(part as SumMetric);
  }
  return [...sums]
    .filter((key) => metrics[key].dependsOnConversionEvent)
    .map((key) => {
      const actionTypes = sourceOf(key);
      return {
        metric: key,
        counts: metrics[key].formula,
        ...(actionTypes ? { action_types: actionTypes } : {}),
      };
    });
}

export function metricDescriptions() {
  return metricKeys.map((key) => {
    const metric = metrics[key];
    return {
      key,
      label: metric.label,
      unit: metric.format,
      kind: metric.kind,
      definition: metric.formula,
      better: metric.better,
      depends_on_conversion_event: metric.dependsOnConversionEvent,
      ...(sourceOf(key as SumMetric) ? { action_types: sourceOf(key as SumMetric) } : {}),
      ...(metric.minVolume ? { ranking_minimum: metric.minVolume } : {}),
    };
  });
}

export function dimensionDescriptions() {
  return dimensionKeys.map((key) => {
    const dimension = dimensions[key];
    return {
      key,
      kind: dimension.kind,
      label: dimension.label.one,
      /** The row keys a result grouped by it carries. */
      columns: dimension.select.map((column) => column.column),
      filterable: Boolean(dimension.filter),
      ...(dimension.breakdown ? { meta_breakdown: dimension.breakdown } : {}),
      ...(dimension.valueLabels ? { values: dimension.valueLabels } : {}),
    };
  });
}
