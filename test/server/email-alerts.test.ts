import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatValue } from '../../src/analyst/compose/evidence';
import { addDays } from '../../src/analyst/dates';
import { generateDemoData } from '../../src/analyst/demo/generate';
import { executeQuery } from '../../src/analyst/executor';
import { activeScope } from '../../src/server/accounts/accounts';
import { emailSends } from '../../src/server/db/schema';
import { DEMO_TIME_ZONE, todayIn } from '../../src/server/demo/seed';
import { createGraphSimulator } from '../../src/server/meta/simulator';
import type { GraphDataset } from '../../src/warehouse/graph-types';
import { settledAccounts } from '../helpers/ad-accounts';
import { buildTestApp, type TestApp } from '../helpers/app';
import { readMail } from '../helpers/mail-parts';
import { type SmtpSink, startSmtpSink } from '../helpers/smtp-sink';
import { bearer, signUpUser, userIdOf } from '../helpers/users';

// Two syncs of the demo accounts on a loaded 2-core machine.
const SLOW_MS = 120_000;
const APP_ID = '515151';
const APP_SECRET = 'alerts-simulated-app-secret';
/** Yesterday's spend of one large campaign is this many times what Meta would say: far past 20%. */
const SURGE = 2.5;

const today = todayIn(DEMO_TIME_ZONE);
const yesterday = addDays(today, -1);

/**
 * The demo accounts, except that the first account's biggest campaign over the week before
 * yesterday spent SURGE times as much yesterday. Whatever day the tests run, that campaign's
 * spend and CPA move well past the threshold, with the demo's own volume behind them.
 */
function withSurge(data: GraphDataset): { dataset: GraphDataset; campaignId: string; campaign: string } {
  const account = data.adAccounts[0];
  if (!account) throw new Error('the demo has no accounts');
  const rows = data.insights[account.id] ?? [];
  const week = { start: addDays(yesterday, -7), end: addDays(yesterday, -1) };
  const spendByCampaign = new Map<string, number>();
  for (const row of rows) {
    if (row.date_start < week.start || row.date_start > week.end) continue;
    spendByCampaign.set(row.campaign_id, (spendByCampaign.get(row.campaign_id) ?? 0) + Number(row.spend));
  }
  const [campaignId] = [...spendByCampaign].sort((a, b) => b[1] - a[1])[0] ?? [];
  if (!campaignId) throw new Error('no campaign spent in the week before yesterday');
  const campaign = rows.find((row) => row.campaign_id === campaignId)?.campaign_name ?? campaignId;
  const surged = rows.map((row) =>
    row.campaign_id === campaignId && row.date_start === yesterday
      ? { ...row, spend: (Number(row.spend) * SURGE).toFixed(2) }
      : row,
  );
  return { dataset: { ...data, insights: { ...data.insights, [account.id]: surged } }, campaignId, campaign };
}

const { dataset, campaign } = withSurge(generateDemoData({ today }));
let closeSimulator: () => Promise<void>;
let issueToken: () => string;
let sink: SmtpSink;
let t: TestApp;
let watcher: string;
let bystander: string;

const alertsTo = (email: string) =>
  sink.mails
    .filter((mail) => mail.to.includes(email))
    .map((mail) => readMail(mail.raw))
    .filter((mail) => mail.subject.startsWith('ARLO alert'));

async function connectedUser(email: string): Promise<string> {
  const token = await signUpUser(t.app, sink, email);
  const saved = await t.app.inject({
    method: 'POST',
    url: '/auth/save-facebook-permissions',
    headers: bearer(token),
    payload: {
      facebookToken: issueToken(),
      accounts: dataset.adAccounts.map((a) => ({ account_id: a.account_id, name: a.name })),
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const connected = saved.json().token as string;
  await t.app.meta.sync.runDue();
  const accounts = await settledAccounts(t.app, connected);
  expect(accounts.map((a) => a.sync.status)).toEqual(accounts.map(() => 'ok'));
  return connected;
}

/** What a scheduled refresh does: sync each account again, then let the alert pass finish. */
async function refresh(token: string): Promise<void> {
  for (const account of await settledAccounts(t.app, token)) {
    const started = await t.app.inject({
      method: 'POST',
      url: `/api/accounts/${account.account_id}/sync`,
      headers: bearer(token),
    });
    expect(started.statusCode).toBe(200);
  }
  await t.app.meta.sync.runDue();
  await t.app.emailReports.idle();
}

beforeAll(async () => {
  const simulator = createGraphSimulator({ dataset, appId: APP_ID, appSecret: APP_SECRET, asyncPolls: 0 });
  const listening = await simulator.listen(0, '127.0.0.1');
  closeSimulator = listening.close;
  issueToken = () => simulator.issueUserToken({ scopes: ['email', 'public_profile', 'ads_read'] });
  sink = await startSmtpSink();
  t = await buildTestApp({
    env: {
      SMTP_URL: sink.url,
      PUBLIC_URL: 'https://arlo.example',
      META_GRAPH_URL: listening.url,
      META_APP_ID: APP_ID,
      META_APP_SECRET: APP_SECRET,
    },
  });
  watcher = await connectedUser('alerts-on@example.com');
  bystander = await connectedUser('alerts-off@example.com');
}, SLOW_MS);
afterAll(async () => {
  await t?.close();
  await closeSimulator?.();
  await sink?.close();
});

describe('anomaly alerts', () => {
  it(
    'after a refresh, email each campaign metric past 20% with the engine’s figures, once a day, only to who opted in',
    async () => {
      const opted = await t.app.inject({
        method: 'PUT',
        url: '/api/email-reports',
        headers: bearer(watcher),
        payload: { alerts: true },
      });
      expect(opted.json().alerts).toBe(true);
      await refresh(watcher);
      const [alert, ...more] = alertsTo('alerts-on@example.com');
      expect(more).toHaveLength(0);
      if (!alert) throw new Error('no alert');
      expect(alert.headers['list-unsubscribe']).toContain('k=alerts');
      expect(alert.text).toContain('HOW THESE WERE COMPUTED');
      expect(alertsTo('alerts-off@example.com')).toHaveLength(0);

      // Each line holds the engine's own figure for yesterday, and the surge is among them.
      const { db } = t.app.database;
      const scope = await activeScope(db, userIdOf(watcher));
      const rows = (
        await executeQuery(
          db,
          { accountIds: scope.accountIds },
          {
            metrics: ['spend', 'cpa', 'roas'],
            dimensions: ['campaign'],
            time: { range: { start: yesterday, end: yesterday } },
          },
        )
      ).rows;
      const lines = alert.text.split('\n').filter((line) => line.startsWith('- '));
      expect(lines.some((line) => line.startsWith(`- ${campaign}: spend `))).toBe(true);
      for (const line of lines) {
        const row = rows.find((r) => line.startsWith(`- ${r.campaign}:`));
        expect(row, line).toBeDefined();
        const metric = line.includes(': spend ') ? 'spend' : line.includes(': CPA ') ? 'cpa' : 'roas';
        const format = metric === 'roas' ? 'multiplier' : 'money';
        expect(line).toContain(formatValue(row?.[metric] as number, format, String(row?.currency)));
      }
      const recorded = await db
        .select()
        .from(emailSends)
        .where(and(eq(emailSends.userId, userIdOf(watcher)), eq(emailSends.kind, 'alert')));
      expect(recorded).toHaveLength(lines.length);
      expect(recorded.every((row) => row.key.endsWith(`:${yesterday}`) && row.status === 'sent')).toBe(true);

      // The same moves on the same day do not alert again, and the bystander still hears nothing.
      await refresh(watcher);
      await refresh(bystander);
      expect(alertsTo('alerts-on@example.com')).toHaveLength(1);
      expect(alertsTo('alerts-off@example.com')).toHaveLength(0);
    },
    SLOW_MS,
  );
});
