import type { Answer } from '../../src/analyst/engine';
import type { Row, RowComparison } from './compare-rows';
import type { Names } from './questions';

/**
 * Ten questions with the SQL a careful analyst would write for each over the raw rows (no
 * roll-ups; labels formatted after grouping, not per row), and which of ARLO's rows hold the same
 * numbers. Every window ends yesterday, as the
 * data does: "the last 7 days" are today-7 … today-1.
 */
export interface ReferenceQuestion extends RowComparison {
  id: string;
  text: string;
  sql: string;
  /** The rows of ARLO's answer that the reference's rows must equal. */
  arloRows(answer: Answer): Row[];
}

const mainRows = (answer: Answer): Row[] => answer.queries[0]?.rows ?? [];
const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;

export function referenceQuestions(today: string, names: Names): ReferenceQuestion[] {
  const t = `date ${quote(today)}`;
  const last = (days: number) => `day between ${t} - ${days} and ${t} - 1`;
  return [
    {
      id: 'spend-7d',
      text: 'How much did I spend in the last 7 days?',
      sql: `select sum(spend) as spend from insights where ${last(7)}`,
      key: [],
      metrics: ['spend'],
      ordered: false,
      arloRows: mainRows,
    },
    {
      id: 'roas-30d',
      text: 'What was my ROAS in the last 30 days?',
      sql: `select sum(revenue) as revenue, sum(spend) as spend, sum(revenue) / nullif(sum(spend), 0) as roas
        from insights where ${last(30)}`,
      key: [],
      metrics: ['revenue', 'spend', 'roas'],
      ordered: false,
      arloRows: mainRows,
    },
    {
      id: 'top-ads-365d',
      text: 'Top 10 ads by ROAS in the last 365 days',
      sql: `select a.name as ad, sum(i.spend) as spend, sum(i.revenue) / nullif(sum(i.spend), 0) as roas
        from insights i join ads a on a.id = i.ad_id
        where i.${last(365)}
        group by a.id, a.name
        order by roas desc nulls last, ad limit 10`,
      key: ['ad'],
      metrics: ['spend', 'roas'],
      ordered: true,
      arloRows: mainRows,
    },
    {
      id: 'top-campaigns-30d',
      text: 'Top 5 campaigns by ROAS in the last 30 days',
      sql: `select c.name as campaign, sum(i.spend) as spend, sum(i.revenue) / nullif(sum(i.spend), 0) as roas
        from insights i join campaigns c on c.id = i.campaign_id
        where i.${last(30)}
        group by c.id, c.name
        order by roas desc nulls last, campaign limit 5`,
      key: ['campaign'],
      metrics: ['spend', 'roas'],
      ordered: true,
      arloRows: mainRows,
    },
    {
      id: 'daily-spend-30d',
      text: 'Daily spend over the last 30 days',
      sql: `select strftime(d, '%Y-%m-%d') as day, spend
        from (select day as d, sum(spend) as spend from insights where ${last(30)} group by d)
        order by d`,
      key: ['day'],
      metrics: ['spend'],
      ordered: true,
      arloRows: mainRows,
    },
    {
      id: 'weekly-clicks-90d',
      text: 'Weekly clicks over the last 90 days',
      sql: `select strftime(w, '%Y-%m-%d') as week, clicks
        from (select date_trunc('week', day) as w, sum(clicks) as clicks from insights where ${last(90)} group by w)
        order by w`,
      key: ['week'],
      metrics: ['clicks'],
      ordered: true,
      arloRows: mainRows,
    },
    {
      id: 'monthly-revenue-ytd',
      text: 'Monthly revenue this year',
      sql: `select strftime(m, '%Y-%m-%d') as month, revenue
        from (select date_trunc('month', day) as m, sum(revenue) as revenue from insights
          where day between date_trunc('year', ${t}) and ${t} - 1 group by m)
        order by m`,
      key: ['month'],
      metrics: ['revenue'],
      ordered: true,
      arloRows: mainRows,
    },
    {
      id: 'spend-30d-vs-previous',
      text: 'Spend last 30 days vs the previous 30 days',
      sql: `select strftime(${t} - 30, '%Y-%m-%d') as start, sum(spend) filter (where day >= ${t} - 30) as spend
        from insights where ${last(60)}
        union all
        select strftime(${t} - 60, '%Y-%m-%d'), sum(spend) filter (where day < ${t} - 30)
        from insights where ${last(60)}`,
      key: ['start'],
      metrics: ['spend'],
      ordered: false,
      // The two totals ARLO compares, each named by the first day of its period.
      arloRows: (answer) =>
        answer.queries
          .filter((q) => q.query.dimensions.length === 0 && q.query.metrics.includes('spend'))
          .map((q) => ({ start: q.query.time.range.start, spend: q.rows[0]?.spend ?? null })),
    },
    {
      id: 'campaign-by-adset-30d',
      text: `Break down ${names.campaign} by ad set in the last 30 days`,
      sql: `select s.name as adset, sum(i.spend) as spend, sum(i.impressions) as impressions, sum(i.clicks) as clicks,
          sum(i.clicks) * 100 / nullif(sum(i.impressions), 0) as ctr
        from insights i join campaigns c on c.id = i.campaign_id join adsets s on s.id = i.adset_id
        where c.name = ${quote(names.campaign)} and i.${last(30)}
        group by s.id, s.name order by spend desc`,
      key: ['adset'],
      metrics: ['spend', 'impressions', 'clicks', 'ctr'],
      ordered: true,
      arloRows: mainRows,
    },
    {
      id: 'roas-by-age-30d',
      text: 'ROAS by age group in the last 30 days',
      sql: `select age, sum(spend) as spend, sum(revenue) / nullif(sum(spend), 0) as roas
        from breakdowns where breakdown = 'age,gender' and ${last(30)}
        group by age order by roas desc nulls last, age`,
      key: ['age'],
      metrics: ['spend', 'roas'],
      ordered: true,
      arloRows: mainRows,
    },
  ];
}
