import type { Column, DataRow } from '../../shared/api/answer';
import { dimensions } from '../dimensions';
import { type MetricKey, metrics } from '../metrics';
import { settingColumns } from './setting-columns';

// Label columns no dimension of the registry names: a total's `name`, a quarter's readable name
// ("Q3 2026"), breakdowns, and the currency every money row carries.
const otherLabels: Record<string, string> = {
  name: 'Name',
  quarter_label: 'Quarter',
  age: 'Age',
  gender: 'Gender',
  country: 'Country',
  publisher_platform: 'Platform',
  platform_position: 'Placement',
  device_platform: 'Device',
  currency: 'Currency',
};

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The dimension whose groups a row names under this key, and how its label reads. */
function dimensionColumn(key: string): Column | undefined {
  const dimension = Object.values(dimensions).find((definition) => definition.labelKey === key);
  if (!dimension) return undefined;
  // Days, weeks, months… are held as their first day (YYYY-MM-DD); a weekday is held by its name.
  const dated = dimension.key === 'day' || dimension.firstDay !== undefined;
  return { key, label: capitalize(dimension.label.one), unit: dated ? 'date' : 'text' };
}

const isMetric = (key: string): key is MetricKey => Object.hasOwn(metrics, key);

/** 'cost_per_thruplay' → 'Cost per thruplay': a readable title for a key nobody described. */
function humanize(key: string): string {
  return capitalize(key.split('_').filter(Boolean).join(' '));
}

/**
 * A column's title and unit, from the metric and dimension registries, so a table reads a metric
 * exactly as the answer's text does and a new metric or dimension needs no change here.
 * `<metric>_change` holds that metric's percent change between two periods, `<metric>_before` its
 * value in the earlier period.
 */
export function columnFor(key: string): Column {
  if (isMetric(key)) return { key, label: metrics[key].label, unit: metrics[key].format };
  const dimension = dimensionColumn(key);
  if (dimension) return dimension;
  const label = otherLabels[key];
  if (label) return { key, label, unit: 'text' };
  const setting = settingColumns[key];
  if (setting) return { key, ...setting };
  const changed = key.endsWith('_change') ? key.slice(0, -'_change'.length) : undefined;
  if (changed && isMetric(changed)) return { key, label: `${metrics[changed].label} change`, unit: 'change' };
  const earlier = key.endsWith('_before') ? key.slice(0, -'_before'.length) : undefined;
  if (earlier && isMetric(earlier))
    return { key, label: `${metrics[earlier].label} before`, unit: metrics[earlier].format };
  return { key, label: humanize(key), unit: 'text' };
}

/** One column per key that any row holds, in the order the keys first appear. */
export function columnsOf(rows: readonly DataRow[]): Column[] {
  const keys = new Set<string>();
  for (const row of rows) for (const key of Object.keys(row)) keys.add(key);
  return [...keys].map(columnFor);
}

/** The one currency every row is in, or none when they differ or do not say. */
export function sharedCurrency(rows: readonly DataRow[]): string | undefined {
  const codes = new Set(rows.map((row) => row.currency));
  const [only] = codes;
  return codes.size === 1 && typeof only === 'string' ? only : undefined;
}
