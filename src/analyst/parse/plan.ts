import type { MetricKey } from '../metrics';
import type { AnalyticsQuery, EntityDimension, TimeGrain } from '../query';
import type { EntityMatch } from './entities';

/** A resolved period and the words that describe it in the answer. */
export interface Period {
  start: string;
  end: string;
  label: string;
}

export type Filters = AnalyticsQuery['filters'];

interface Common {
  range: Period;
  filters: Filters;
  /** Named accounts or entities the question was narrowed to, for the reasoning. */
  scopeNames: string[];
  /** Things the reader should know about how the question was read (defaults taken, etc.). */
  notes: string[];
}

export type ReportKind = 'performance' | 'revenue' | 'creative';

export type Plan =
  | (Common & { kind: 'total'; metrics: MetricKey[]; compare?: Period })
  | (Common & {
      kind: 'ranking';
      metric: MetricKey;
      level: EntityDimension;
      direction: 'asc' | 'desc';
      limit: number;
      extraMetrics: MetricKey[];
    })
  | (Common & { kind: 'series'; metrics: MetricKey[]; grain: TimeGrain })
  | (Common & { kind: 'entity'; entity: EntityMatch; metrics: MetricKey[]; compare?: Period })
  | (Common & { kind: 'breakdown'; entity: EntityMatch; childLevel: EntityDimension; metric: MetricKey })
  | (Common & { kind: 'why'; metric: 'cpa' | 'roas'; compare: Period })
  | (Common & { kind: 'fatigue'; compare: Period })
  | { kind: 'report'; report: ReportKind; filters: Filters; scopeNames: string[] }
  | { kind: 'clarify'; reason: string }
  | { kind: 'refuse' };
