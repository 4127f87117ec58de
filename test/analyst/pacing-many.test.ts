import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/analyst/dates';
import { answerQuestion } from '../../src/analyst/engine';
import type { GraphCampaign, GraphDataset, GraphInsightRow } from '../../src/warehouse/graph-types';
import { loadDataset } from '../../src/warehouse/load';
import { createTestDatabase, type TestDatabase } from '../helpers/database';
import { graphAccount, graphRow } from '../helpers/graph-rows';

const today = '2026-11-20';
const ACCOUNT = '8801';
// More campaigns with a budget than one query filter holds: an agency's account.
const CAMPAIGNS = 130;

/** Campaign n spends n dollars a day against a daily budget of 2n dollars: half its budget. */
function dataset(): GraphDataset {
  const rows: GraphInsightRow[] = [];
  const campaigns: GraphCampaign[] = [];
  for (let n = 1; n <= CAMPAIGNS; n++) {
    const name = `Client Campaign ${String(n).padStart(3, '0')}`;
    for (let back = 1; back <= 14; back++)
      rows.push(
        graphRow({
          account: ACCOUNT,
          campaign: name,
          ad: `${name} Ad`,
          day: addDays(today, -back),
          impressions: 1000,
          clicks: 10,
          spend: `${n}.00`,
        }),
      );
    campaigns.push({
      id: `${ACCOUNT}-${name}`,
      name,
      objective: 'OUTCOME_SALES',
      status: 'ACTIVE',
      effective_status: 'ACTIVE',
      daily_budget: String(n * 200),
      start_time: '2026-01-01T00:00:00+0000',
    });
  }
  return {
    adAccounts: [graphAccount(ACCOUNT, 'Agency Client')],
    insights: { [`act_${ACCOUNT}`]: rows },
    objects: { [`act_${ACCOUNT}`]: { campaigns, adsets: [], ads: [] } },
  };
}

describe('pacing over more budgets than one filter holds', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
    await loadDataset(t.database.db, dataset());
  }, 120_000);
  afterAll(async () => t?.drop());

  it('paces every campaign, each at half its budget', async () => {
    const answer = await answerQuestion(
      { db: t.database.db, scope: { accountIds: [ACCOUNT] }, today },
      'Are my campaigns pacing to their daily budgets over the last 7 days?',
    );
    expect(answer.message.error).toBeUndefined();
    const tables = JSON.stringify(answer.message.analytics);
    // Every campaign appears, the last one included, with 7 days of its own spend.
    expect(tables).toContain('Client Campaign 130');
    expect(tables).toContain('Client Campaign 001');
    expect(tables).toContain(String(130 * 7));
    expect(JSON.stringify(answer.message)).toMatch(/[Uu]nder/);
  });
});
