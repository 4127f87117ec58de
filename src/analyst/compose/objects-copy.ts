import type { DataRow } from '../../shared/api/answer';
import type { ResultRow } from '../executor';
import { type MetricKey, metrics, minimumVolume } from '../metrics';
import type { SettingsRead, SettingsRow } from '../object-settings';
import type { CopyField } from '../parse/rules/settings';
import { callToActionLabels, formatLabels, settingCell, settingWords } from '../setting-labels';
import { type ComposeContext, table, text } from './context';
import { nameList, type SettingsParts, type SettingsPlan, settingCount } from './objects';
import { statusMatches, wantedStatuses } from './objects-table';
import { sentenceList } from './words';

const TABLE_ROWS = 50;
const nameKey = (row: ResultRow) => `${row.ad}|${row.currency ?? ''}`;
const FIELD_ORDER: CopyField[] = ['title', 'body', 'call_to_action', 'format', 'thumbnail_url'];
const VIDEO_ONLY: MetricKey[] = ['hook_rate', 'hold_rate'];

/** One version of an ad's creative: the same name can run with other copy in another ad set or account. */
interface Variant {
  rows: SettingsRow[];
  title: string | null;
  body: string | null;
  call_to_action: string | null;
  format: string | null;
  thumbnail_url: string | null;
}

const ALL_FIELDS: CopyField[] = ['title', 'body', 'call_to_action', 'format', 'thumbnail_url'];

/** The versions of a name's copy, told apart by `fields` only (what the answer shows). */
function variantsOf(rows: SettingsRow[], fields: CopyField[] = ALL_FIELDS): Variant[] {
  const byKey = new Map<string, Variant>();
  for (const row of rows) {
    const key = JSON.stringify(fields.map((field) => row[field]));
    const variant = byKey.get(key);
    if (variant) variant.rows.push(row);
    else
      byKey.set(key, {
        rows: [row],
        title: row.title,
        body: row.body,
        call_to_action: row.call_to_action,
        format: row.format,
        thumbnail_url: row.thumbnail_url,
      });
  }
  return [...byKey.values()];
}

/** The metrics a creative table shows: spend, the main result and its cost, CTR, and hook and hold rates. */
function tableMetrics(plan: SettingsPlan, rows: SettingsRow[]): MetricKey[] {
  const sales = rows.some((row) => row.objective === 'OUTCOME_SALES');
  const lead = plan.pick?.metric;
  return [
    ...new Set<MetricKey>([
      ...(lead ? [lead] : []),
      ...plan.metrics,
      'spend',
      'conversions',
      'cpa',
      ...(sales ? (['roas'] as MetricKey[]) : []),
      'ctr',
      ...VIDEO_ONLY,
    ]),
  ];
}

/**
 * Ads' copy, call to action, format and thumbnail. One ad named: its copy, each version when its
 * namesakes differ. "My best ad": the ads ranked first by the metric, then their copy. Otherwise
 * a creative table: one row per ad name (namesakes count as one, as in every metric answer) with
 * its figures, showing the copy of the namesake that spent most when versions differ.
 */
export async function composeCopy(
  ctx: ComposeContext,
  plan: SettingsPlan,
  read: SettingsRead,
): Promise<SettingsParts> {
  const asked = plan.ask.copy.length ? plan.ask.copy : (['title', 'body', 'call_to_action'] as CopyField[]);
  const fields = FIELD_ORDER.filter((field) => asked.includes(field));
  const wanted = wantedStatuses(plan.ask.status);
  const ads = read.rows.filter(
    (row) =>
      (!plan.ask.ctas.length ||
        (row.call_to_action !== null && plan.ask.ctas.includes(row.call_to_action))) &&
      (!wanted.length || wanted.some((status) => statusMatches(row, status))),
  );
  const shown = tableMetrics(plan, ads);
  const steps = [
    '**Ads by name:** ads with the same name (one creative in several ad sets or accounts) are counted together in the figures; when their copy differs, each version is named.',
    '**Hook rate and hold rate** apply to video ads only.',
  ];
  if (plan.subject) {
    return {
      items: subjectItems(ctx, plan, ads, fields),
      insights: ['Compare this copy with your best ads: ask “show the copy of my top ads by CTR”.'],
      suggestions: [`How did ${plan.subject.name} do last month?`, 'Show my creatives with thumbnails'],
      steps: steps.slice(0, 1),
      metrics: [],
    };
  }
  const names = [...new Set(ads.map((row) => row.name))];
  const result = await ctx.run({
    metrics: shown,
    dimensions: ['ad'],
    filters: plan.filters,
    time: { range: plan.range },
    order: plan.pick
      ? { metric: plan.pick.metric, direction: plan.pick.direction }
      : { metric: plan.metrics[0] ?? 'spend', direction: 'desc' },
    limit: plan.pick ? plan.pick.limit : TABLE_ROWS,
    ...(plan.pick && minimumVolume(plan.pick.metric) ? { minVolume: minimumVolume(plan.pick.metric) } : {}),
  });
  const ranked = result.rows.filter((row) => names.includes(String(row.ad)));
  // Money splits by currency, so a name can rank once per currency: each row's copy is that of
  // its namesakes in accounts of that currency.
  const byName = new Map<string, Variant[]>();
  for (const row of ranked)
    byName.set(
      nameKey(row),
      variantsOf(ads.filter((ad) => ad.name === row.ad && (!row.currency || ad.currency === row.currency))),
    );
  const lead = await leadVariants(ctx, plan, byName);
  const rows = ranked.map((row) => tableRow(row, lead.get(nameKey(row)), shown));
  const items = plan.pick
    ? pickItems(ctx, plan, ranked, byName, fields)
    : [text(tableText(ctx, plan, ranked, lead))];
  if (rows.length) items.push(table(rows, plan.pick ? 'Ads and their copy' : 'Creatives'));
  const mixed = ranked
    .filter((row) => (byName.get(nameKey(row))?.length ?? 0) > 1)
    .map((row) => String(row.ad));
  if (mixed.length && !plan.pick)
    steps.push(
      `**Versions:** ${nameList(ctx, mixed)} ${mixed.length === 1 ? 'runs' : 'run'} with different copy in different ad sets or accounts; the table shows the version that spent most in the period.`,
    );
  return {
    items,
    insights: ranked.length
      ? [`Look at what the copy of **${ranked[0]?.ad}** does differently before writing new ads.`]
      : ['No ad had delivery in the period: there is no copy to compare.'],
    suggestions: ['Which ads had the best CTR last month?', 'Which creatives need a refresh?'],
    steps,
    metrics: shown,
  };
}

/** When namesakes differ, the version that spent most in the period stands for the name. */
async function leadVariants(
  ctx: ComposeContext,
  plan: SettingsPlan,
  byName: Map<string, Variant[]>,
): Promise<Map<string, Variant>> {
  const lead = new Map<string, Variant>();
  const mixed = [...byName].some(([, variants]) => variants.length > 1);
  const spend = mixed
    ? (
        await ctx.run({
          metrics: ['spend'],
          dimensions: ['ad', 'adset'],
          filters: plan.filters,
          time: { range: plan.range },
        })
      ).rows
    : [];
  const spendOf = (variant: Variant) =>
    variant.rows.reduce(
      (total, row) =>
        total + Number(spend.find((s) => s.ad === row.name && s.adset_id === row.adset_id)?.spend ?? 0),
      0,
    );
  for (const [name, variants] of byName) {
    const best = [...variants].sort((a, b) => spendOf(b) - spendOf(a))[0];
    if (best) lead.set(name, best);
  }
  return lead;
}

function tableRow(row: ResultRow, variant: Variant | undefined, shown: MetricKey[]): DataRow {
  const video = variant?.format === 'VIDEO';
  const out: DataRow = {
    ad: row.ad ?? null,
    thumbnail_url: variant?.thumbnail_url ?? null,
    format: variant?.format ?? null,
    title: variant?.title ?? null,
    body: variant?.body ?? null,
    call_to_action: settingCell(callToActionLabels, variant?.call_to_action ?? null),
  };
  for (const metric of shown)
    out[metric] =
      VIDEO_ONLY.includes(metric) && !video ? null : ((row[metric] as number | null | undefined) ?? null);
  if (row.currency !== undefined) out.currency = row.currency;
  return out;
}

const fieldLabel: Record<CopyField, string> = {
  title: 'Headline',
  body: 'Primary text',
  call_to_action: 'Call to action',
  format: 'Format',
  thumbnail_url: 'Thumbnail',
};

function fieldText(ctx: ComposeContext, variant: Variant, field: CopyField): string {
  switch (field) {
    case 'title':
    case 'body': {
      const value = variant[field];
      return value ? ctx.evidence.quote(`“${value}”`) : 'none';
    }
    case 'call_to_action':
      return variant.call_to_action ? settingWords(callToActionLabels, variant.call_to_action) : 'no button';
    case 'format':
      return settingWords(formatLabels, variant.format);
    case 'thumbnail_url':
      return variant.thumbnail_url ? 'shown in the table' : 'none';
  }
}

/** Where a version runs: its ad sets, with their accounts when the versions span accounts. */
function whereRuns(variant: Variant, accounts: boolean): string {
  return sentenceList([
    ...new Set(
      variant.rows.map((row) =>
        accounts ? `${row.account} · ${row.adset ?? row.campaign}` : (row.adset ?? row.campaign),
      ),
    ),
  ]);
}

/**
 * The copy of one ad name: the fields asked, one list when every namesake runs the same copy, or
 * one list per version with where each runs (its ad sets, and accounts when versions span them).
 */
function copyBlock(ctx: ComposeContext, all: Variant[], fields: CopyField[]): string {
  const shown = fields.filter((field) => field !== 'thumbnail_url');
  const variants = variantsOf(
    all.flatMap((variant) => variant.rows),
    shown,
  );
  const lines = (variant: Variant) =>
    fields.map((field) => `- ${fieldLabel[field]}: ${fieldText(ctx, variant, field)}`);
  const only = variants[0];
  if (variants.length === 1 && only) return lines(only).join('\n');
  const accounts = new Set(variants.flatMap((v) => v.rows.map((row) => row.account_id))).size > 1;
  const count = ctx.evidence.setting(
    variants.length,
    String(variants.length),
    'versions counted from settings',
  );
  const differing = shown.filter((field) => new Set(variants.map((variant) => variant[field])).size > 1);
  return [
    `Its ${sentenceList(differing.map((field) => fieldLabel[field].toLowerCase()))} ${differing.length === 1 ? 'differs' : 'differ'} between its ads (${count} versions):`,
    ...variants.map((variant) => `In ${whereRuns(variant, accounts)}:\n${lines(variant).join('\n')}`),
  ].join('\n\n');
}

function subjectItems(
  ctx: ComposeContext,
  plan: SettingsPlan,
  ads: SettingsRow[],
  fields: CopyField[],
): ReturnType<typeof text>[] {
  const name = plan.subject?.name ?? '';
  if (!ads.length)
    return [
      text(
        `ARLO has no copy for **${name}** within ${plan.scopeNames.join(', ') || 'the connected accounts'}.`,
      ),
    ];
  const variants = variantsOf(ads);
  const where = sentenceList([...new Set(ads.map((row) => row.adset ?? row.campaign))]);
  const same =
    variantsOf(
      ads,
      fields.filter((field) => field !== 'thumbnail_url'),
    ).length === 1;
  const intro = same
    ? `**${name}** (in ${where}) runs with:`
    : `**${name}** runs as ${settingCount(ctx, ads.length, 'ad', 'ads')}.`;
  const block = copyBlock(ctx, variants, fields);
  const rows: DataRow[] = ads.map((row) => ({
    ad: row.name,
    adset: row.adset,
    campaign: row.campaign,
    thumbnail_url: row.thumbnail_url,
    format: row.format,
    title: row.title,
    body: row.body,
    call_to_action: settingCell(callToActionLabels, row.call_to_action),
  }));
  return [text(`${intro}\n${block}`), table(rows, 'Copy')];
}

function pickItems(
  ctx: ComposeContext,
  plan: SettingsPlan,
  ranked: ResultRow[],
  byName: Map<string, Variant[]>,
  fields: CopyField[],
): ReturnType<typeof text>[] {
  const pick = plan.pick as NonNullable<SettingsPlan['pick']>;
  const metric = metrics[pick.metric];
  if (!ranked.length)
    return [text(`No ad had enough delivery in ${ctx.period(plan.range)} to rank by ${metric.label}.`)];
  const best = pick.direction === (metric.better === 'lower' ? 'asc' : 'desc');
  const words =
    pick.metric === 'spend' && pick.direction === 'desc'
      ? 'top-spending ad'
      : `${best ? 'best' : 'worst'} ad by ${metric.label}`;
  const blocks = ranked.map((row, index) => {
    const name = String(row.ad);
    const variants = byName.get(nameKey(row)) ?? [];
    const place =
      ranked.length === 1
        ? `your ${words}`
        : `number ${ctx.evidence.setting(index + 1, String(index + 1), 'rank')} of your ${words.replace(' ad ', ' ads ').replace(/ ad$/, ' ads')}`;
    const head = `**${name}** is ${place} over ${ctx.period(plan.range)}, with ${/^[A-Z]{2,}/.test(metric.label) ? metric.label : metric.label.toLowerCase()} of ${ctx.value(row, pick.metric)}.`;
    return variants.length
      ? `${head}\n${copyBlock(ctx, variants, fields)}`
      : `${head} ARLO has no copy for it.`;
  });
  return [text(blocks.join('\n\n'))];
}

function tableText(
  ctx: ComposeContext,
  plan: SettingsPlan,
  ranked: ResultRow[],
  lead: Map<string, Variant>,
): string {
  if (!ranked.length) return `No ad had delivery in ${ctx.period(plan.range)}: there is no creative to show.`;
  const cta = plan.ask.ctas.length
    ? ` using ${sentenceList(plan.ask.ctas.map((code) => settingWords(callToActionLabels, code)))}`
    : '';
  const first = ranked[0] as ResultRow;
  const variant = lead.get(nameKey(first));
  const headline = variant?.title ? `, headline ${ctx.evidence.quote(`“${variant.title}”`)}` : '';
  return `${ctx.evidence.count(ranked)} ${ranked.length === 1 ? 'ad' : 'ads'}${cta} with delivery in ${ctx.period(plan.range)}, by ${metrics[plan.metrics[0] ?? 'spend'].label}. **${first.ad}** leads with ${ctx.value(first, plan.metrics[0] ?? 'spend')}${headline}.`;
}
