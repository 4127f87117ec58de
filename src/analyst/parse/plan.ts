import type { MetricKey } from '../metrics';
import type { AnalyticsQuery, EntityDimension, SegmentDimension, TimeGrain } from '../query';
import type { EntityMatch } from './entities';
import type { SettingsQuestion } from './settings-plan';

/** A resolved period and the words that describe it in the answer. */
export interface Period {
  start: string;
  end: string;
  label: string;
}

export type Filters = AnalyticsQuery['filters'];
export type Having = NonNullable<AnalyticsQuery['having']>;

interface Common {
  range: Period;
  filters: Filters;
  /** Named accounts or entities the question was narrowed to, for the reasoning. */
  scopeNames: string[];
  /** Things the reader should know about how the question was read (defaults taken, etc.). */
  notes: string[];
  /** The question as ARLO resolved it ("ROAS by ad set for Summer Sale, last month"). */
  resolved?: string;
}

export type ReportKind = 'performance' | 'revenue' | 'creative';

/** One side of a named comparison: an entity, an account, or a group of entities by name. */
export interface CompareGroup {
  label: string;
  filters: Filters;
}

export type AdviceAction = 'pause' | 'scale' | 'cut' | 'move' | 'priority' | 'rule';

export type Plan =
  | (Common & { kind: 'total'; metrics: MetricKey[]; compare?: Period })
  | (Common & {
      kind: 'ranking';
      metric: MetricKey;
      level: EntityDimension;
      direction: 'asc' | 'desc';
      limit: number;
      extraMetrics: MetricKey[];
      having?: Having;
      /** Each row's share of the rows' total, asked ("share of spend by campaign"); limit 0 keeps all. */
      share?: true;
    })
  | (Common & {
      kind: 'series';
      metrics: MetricKey[];
      grain: TimeGrain;
      /** Single out the best or worst group ("best day for ROAS", "cheapest weekday"). */
      pick?: 'max' | 'min';
    })
  | (Common & { kind: 'entity'; entity: EntityMatch; metrics: MetricKey[]; compare?: Period })
  | (Common & { kind: 'breakdown'; entity: EntityMatch; childLevel: EntityDimension; metric: MetricKey })
  | (Common & { kind: 'compare'; groups: CompareGroup[]; metrics: MetricKey[] })
  | (Common & { kind: 'overview'; compare: Period })
  | (Common & { kind: 'advice'; action: AdviceAction; level: EntityDimension; having?: Having })
  | (Common & { kind: 'change'; metric: MetricKey; level: EntityDimension; compare: Period })
  /** "Any anomalies last month?": unusual days and campaigns that moved, over a period. */
  | (Common & { kind: 'anomalies'; metric?: MetricKey; compare: Period })
  | (Common & { kind: 'why'; metric: 'cpa' | 'roas'; compare: Period })
  | (Common & { kind: 'fatigue'; compare: Period })
  /**
   * Results split by a segment of Meta's breakdowns or the creative format: a ranking or list of
   * the segments, values set side by side ("UK vs US"), or the share of a total ("how much goes to
   * Audience Network").
   */
  | (Common & {
      kind: 'segment';
      by: SegmentDimension[];
      metric: MetricKey;
      /** Every metric shown, the one the segments are ordered by first. */
      metrics: MetricKey[];
      direction: 'asc' | 'desc';
      limit?: number;
      /** "Which age group…", "best placement": the first row is the answer. */
      pick: boolean;
      /** Values set side by side, each its own group. */
      sides?: CompareGroup[];
      /** A share of the total was asked, of these values where the question named some. */
      share?: { parts: CompareGroup[] };
    })
  /** Campaign, ad set and ad settings: status, budgets and pacing, bidding, ads' copy. */
  | (Common & SettingsQuestion & { kind: 'settings' })
  /** The funnel's steps with the rate from each step to the next and the cost per step. */
  | (Common & {
      kind: 'funnel';
      funnel: 'conversion' | 'video';
      /** "vs the previous 30 days": each step in both periods. */
      compare?: Period;
      /** "by campaign": each step's count per campaign (or ad set, ad) too. */
      level?: EntityDimension;
    })
  | { kind: 'report'; report: ReportKind; filters: Filters; scopeNames: string[] }
  | { kind: 'decline'; message: string; suggestions: string[] }
  | { kind: 'clarify'; reason: string; words?: string[] }
  | { kind: 'refuse' };
