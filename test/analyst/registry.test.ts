import { describe, expect, it } from 'vitest';
import { type Dimension, dimensionKeys, dimensions } from '../../src/analyst/dimensions';
import {
  isRatio,
  metricKeys,
  metrics,
  minimumVolume,
  requiredSums,
  sumMetricKeys,
} from '../../src/analyst/metrics';
import { findLevels, findMetrics } from '../../src/analyst/parse/vocabulary';
import { analyticsQuerySchema } from '../../src/analyst/query';

const formats = ['money', 'count', 'percent', 'multiplier', 'decimal'];
const range = { start: '2026-11-01', end: '2026-11-30' };

describe('the metric registry', () => {
  it('declares every metric completely', () => {
    for (const key of metricKeys) {
      const metric = metrics[key];
      expect(metric.key, key).toBe(key);
      expect(metric.label, key).not.toBe('');
      expect(formats, key).toContain(metric.format);
      expect(['sum', 'ratio', 'derived'], key).toContain(metric.kind);
      expect(['higher', 'lower'], key).toContain(metric.better);
      expect(metric.words.length, key).toBeGreaterThan(0);
      expect(typeof metric.dependsOnConversionEvent, key).toBe('boolean');
      if (metric.kind === 'sum') {
        expect(metric.sql, key).toMatch(/^sum\(/);
        expect(metric.ratio, key).toBeUndefined();
      } else {
        expect(sumMetricKeys, key).toContain(metric.ratio?.numerator);
        expect(sumMetricKeys, key).toContain(metric.ratio?.denominator);
        expect(metric.minVolume, key).toBeDefined();
      }
    }
  });

  it('gives each phrase to one metric only, and none to a level too', () => {
    const owners = new Map<string, string[]>();
    for (const key of metricKeys)
      for (const word of metrics[key].words) owners.set(word, [...(owners.get(word) ?? []), key]);
    for (const key of dimensionKeys) {
      const { one, many } = dimensions[key].words;
      for (const word of [...one, ...many]) owners.set(word, [...(owners.get(word) ?? []), key]);
    }
    const shared = [...owners].filter(([, keys]) => keys.length > 1);
    expect(shared).toEqual([]);
  });

  it('reads purchases and leads by Meta’s precedence, never as a sum of aliases', () => {
    expect(metrics.purchases.source).toEqual({
      actions: ['omni_purchase', 'purchase', 'offsite_conversion.fb_pixel_purchase'],
    });
    expect(metrics.leads.source).toEqual({
      actions: ['lead', 'onsite_conversion.lead_grouped', 'offsite_conversion.fb_pixel_lead'],
    });
    // Revenue is the purchases' value, by the same precedence.
    expect(metrics.revenue.source).toEqual({
      actionValues: ['omni_purchase', 'purchase', 'offsite_conversion.fb_pixel_purchase'],
    });
  });

  it('marks the metrics a conversion event changes', () => {
    const dependent = metricKeys.filter((key) => metrics[key].dependsOnConversionEvent).sort();
    expect(dependent).toEqual(
      [
        'aov',
        'conversions',
        'cost_per_lead',
        'cost_per_purchase',
        'cpa',
        'cvr',
        'leads',
        'purchases',
        'revenue',
        'roas',
        'roi',
      ].sort(),
    );
  });

  it('derives ROI from revenue less spend, and fetches both sums for it', () => {
    expect(metrics.roi.kind).toBe('derived');
    expect(isRatio('roi')).toBe(true);
    expect(requiredSums(['roi']).sort()).toEqual(['revenue', 'spend']);
    expect(requiredSums(['ctr', 'clicks']).sort()).toEqual(['clicks', 'impressions']);
  });

  it('looks up ranking floors from the entries', () => {
    expect(minimumVolume('spend')).toBeUndefined();
    expect(minimumVolume('roas')).toEqual({ metric: 'purchases', min: 1 });
    expect(minimumVolume('cost_per_lead')).toEqual({ metric: 'leads', min: 1 });
    expect(minimumVolume('cpa')).toEqual({ metric: 'conversions', min: 1 });
    expect(minimumVolume('cvr')).toEqual({ metric: 'clicks', min: 20 });
    expect(minimumVolume('ctr')).toEqual({ metric: 'impressions', min: 1000 });
  });
});

describe('the words of the registries', () => {
  it.each([
    ['what was my click thru rate', 'ctr'],
    ['click-thru rate last week', 'ctr'],
    ['clickthru by campaign', 'ctr'],
    ['what am i paying per thousand impressions', 'cpm'],
    ['cost per mille', 'cpm'],
    ['spend per mille', 'cpm'],
    ['how much do i pay per click', 'cpc'],
    ['cost per click', 'cpc'],
  ])('reads "%s" as %s', (text, metric) => {
    expect(findMetrics(text)).toContain(metric);
  });

  it('reads level words from the dimension registry', () => {
    expect(findLevels('top ad groups and creatives by campaign').map((found) => found.value)).toEqual([
      'adset',
      'ad',
      'campaign',
    ]);
    // A metric phrase claims its words before a level word can.
    expect(findLevels('ad spend by ad set').map((found) => found.value)).toEqual(['adset']);
  });
});

describe('the dimension registry', () => {
  it('declares every dimension completely', () => {
    for (const key of dimensionKeys) {
      const dimension = dimensions[key];
      expect(dimension.key, key).toBe(key);
      expect(dimension.group.length, key).toBeGreaterThan(0);
      expect(
        dimension.group.every((group) => group.sql.length > 0),
        key,
      ).toBe(true);
      expect(
        dimension.select.map((column) => column.column),
        key,
      ).toContain(dimension.labelKey);
      expect(dimension.words.one.length, key).toBeGreaterThan(0);
      expect(dimension.words.many.length, key).toBeGreaterThan(0);
      if (dimension.kind === 'entity') expect(dimension.filter?.column, key).toBeTruthy();
    }
  });

  it('links parents and children both ways', () => {
    const chain = (start: Dimension, step: 'parent' | 'child') => {
      const out: Dimension[] = [start];
      for (let next = dimensions[start][step]; next; next = dimensions[next][step]) out.push(next);
      return out;
    };
    expect(chain('account', 'child')).toEqual(['account', 'campaign', 'adset', 'ad']);
    expect(chain('ad', 'parent')).toEqual(['ad', 'adset', 'campaign', 'account']);
    expect(chain('day', 'parent')).toEqual(['day', 'week', 'month', 'quarter']);
    expect(chain('quarter', 'child')).toEqual(['quarter', 'month', 'week', 'day']);
  });

  it('reads ad sets, ads and the creative format from the ad-level rows, segments from the breakdown rows, the rest from coarser roll-ups', () => {
    const adRows = dimensionKeys.filter((key) => dimensions[key].level === 'ad');
    expect(adRows).toEqual(['adset', 'ad', 'format']);
    const breakdownRows = dimensionKeys.filter((key) => dimensions[key].level === 'breakdown');
    expect(breakdownRows).toEqual([
      'age',
      'gender',
      'country',
      'publisher_platform',
      'placement',
      'device_platform',
    ]);
    expect(breakdownRows.every((key) => dimensions[key].breakdown)).toBe(true);
  });
});

describe('the query shape', () => {
  it('accepts every metric at once, and drops repeats', () => {
    const query = analyticsQuerySchema.parse({ metrics: [...metricKeys, ...metricKeys], time: { range } });
    expect(query.metrics).toEqual(metricKeys);
  });

  it('accepts quarter and weekday as dimensions and grains', () => {
    expect(() =>
      analyticsQuerySchema.parse({ metrics: ['spend'], dimensions: ['quarter', 'weekday'], time: { range } }),
    ).not.toThrow();
    expect(() =>
      analyticsQuerySchema.parse({ metrics: ['spend'], time: { range, grain: 'weekday' } }),
    ).not.toThrow();
  });

  it('limits filters and conditions, and objective filters to codes', () => {
    const filter = { dimension: 'campaign', op: 'contains', values: ['sale'] } as const;
    const having = { metric: 'roas', op: 'gt', value: 1 } as const;
    expect(() =>
      analyticsQuerySchema.parse({ metrics: ['spend'], filters: Array(8).fill(filter), time: { range } }),
    ).not.toThrow();
    expect(() =>
      analyticsQuerySchema.parse({ metrics: ['spend'], filters: Array(9).fill(filter), time: { range } }),
    ).toThrow();
    expect(() =>
      analyticsQuerySchema.parse({ metrics: ['spend'], having: Array(6).fill(having), time: { range } }),
    ).toThrow();
    expect(() =>
      analyticsQuerySchema.parse({
        metrics: ['spend'],
        filters: [{ dimension: 'objective', op: 'not_contains', values: ['SALES'] }],
        time: { range },
      }),
    ).toThrow(/objective/);
  });
});
