import { describe, expect, it } from 'vitest';
import { alertMoves, MIN_DAILY_SPEND } from '../../src/server/email-reports/alert-rule';
import { composeAlert } from '../../src/server/email-reports/compose-alert';
import { composeDigest } from '../../src/server/email-reports/compose-digest';
import type { DigestData } from '../../src/server/email-reports/digest-data';
import { unsubscribeSignature, verifyUnsubscribe } from '../../src/server/email-reports/unsubscribe';
import { dueDigestWeek, isoWeekKey } from '../../src/server/email-reports/week';

// Pure parts: no database, no server, no clock but the one handed in.

const digest: DigestData = {
  test: false,
  recipientName: 'Ana <Admin>',
  accountNames: ['Shop & Co'],
  week: { key: '2026-W47', label: 'Nov 16 – Nov 22, 2026', previousLabel: 'Nov 9 – Nov 15, 2026' },
  kpis: [
    {
      currency: 'USD',
      lines: [
        {
          metric: 'spend',
          label: 'Spend',
          now: '$4,694.46',
          before: '$5,035.25',
          change: '−6.8%',
          good: null,
        },
        { metric: 'cpa', label: 'CPA', now: '$24.58', before: '$24.68', change: '−0.4%', good: true },
      ],
    },
  ],
  movers: ['<img src=x onerror=alert(1)> Sale: spend $388.57 → nothing (−$388.57, −100.0%).'],
  anomalies: [],
  recommendations: ['Scale **Brand <b>bold</b>**: CPA $10.00, −30.0% against the average of $14.29.'],
  derivations: ['$4,694.46 = Spend, from query 1.', '−6.8% = (4694.46 − 5035.25) ÷ 5035.25.'],
  chatUrl: 'https://arlo.example/',
  suggestedQuestion: 'How did last week compare with the week before?',
};
const UNSUBSCRIBE = 'https://arlo.example/api/email-reports/unsubscribe?u=1&k=digest&s=x';

describe('composeDigest', () => {
  it('writes both parts with the figures, the derivations, the chat link and the unsubscribe link', () => {
    const email = composeDigest(digest, UNSUBSCRIBE);
    expect(email.subject).toBe('Your ARLO weekly digest: Nov 16 – Nov 22, 2026');
    for (const part of [email.html, email.text]) {
      for (const figure of ['$4,694.46', '$5,035.25', '−6.8%', '$24.58', '(4694.46 − 5035.25) ÷ 5035.25']) {
        expect(part).toContain(figure);
      }
      expect(part).toContain('https://arlo.example/');
    }
    expect(email.text).toContain('- Spend: $4,694.46 (week before $5,035.25, −6.8%)');
    expect(email.text).toContain(`Unsubscribe: ${UNSUBSCRIBE}`);
    expect(email.html).toContain(`href="${UNSUBSCRIBE.replace(/&/g, '&amp;')}"`);
    expect(email.text).toContain('Nothing unusual');
  });

  it('escapes every name and keeps only the engine’s bold marks as markup', () => {
    const { html, text } = composeDigest(digest, UNSUBSCRIBE);
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('Ana &lt;Admin&gt;');
    expect(html).toContain('Shop &amp; Co');
    expect(html).toContain('<strong>Brand &lt;b&gt;bold&lt;/b&gt;</strong>');
    expect(text).toContain('Scale Brand <b>bold</b>: CPA $10.00');
    expect(text).not.toContain('**');
  });

  it('names several accounts as a sentence does', () => {
    const { text } = composeDigest({ ...digest, accountNames: ['North', 'South', 'West'] }, UNSUBSCRIBE);
    expect(text).toContain('is how North, South and West did last week');
  });

  it('colours a good move green and says so when it is a test', () => {
    const email = composeDigest({ ...digest, test: true }, UNSUBSCRIBE);
    expect(email.subject).toMatch(/^\[Test\] /);
    expect(email.text).toContain('This is a test digest');
    expect(email.html).toMatch(/color:#1a7f37">−0\.4%/);
  });
});

describe('composeAlert', () => {
  it('lists each move with its derivations, escaped', () => {
    const email = composeAlert(
      {
        recipientName: '',
        day: '2026-11-27',
        dayLabel: 'Nov 27, 2026',
        baselineLabel: 'Nov 20 – Nov 26, 2026',
        lines: [
          {
            campaignId: '1',
            metric: 'cpa',
            text: '**<Leads>**: CPA $22.45 yesterday against $17.97 (+24.9%).',
          },
        ],
        derivations: ['+24.9% = (22.45 − 17.97) ÷ 17.97.'],
        chatUrl: 'https://arlo.example/',
      },
      UNSUBSCRIBE,
    );
    expect(email.subject).toBe('ARLO alert: a campaign moved 20% or more on Nov 27, 2026');
    expect(email.html).toContain('<strong>&lt;Leads&gt;</strong>');
    expect(email.text).toContain('- <Leads>: CPA $22.45 yesterday against $17.97 (+24.9%).');
    expect(email.text).toContain('1. +24.9% = (22.45 − 17.97) ÷ 17.97.');
  });
});

describe('alertMoves', () => {
  const row = (id: string, values: Record<string, number>) => ({
    campaign_id: id,
    campaign: `Campaign ${id}`,
    currency: 'USD',
    ...values,
  });
  const week = (spendPerDay: number, conversions: number, purchases: number, revenue: number) =>
    row('c', {
      spend: spendPerDay * 7,
      conversions,
      cpa: (spendPerDay * 7) / conversions,
      purchases,
      revenue,
      roas: revenue / (spendPerDay * 7),
    });

  it('flags spend, CPA and ROAS moves of 20% or more against the average day', () => {
    const moves = alertMoves(
      [row('c', { spend: 130, conversions: 4, cpa: 32.5, purchases: 4, revenue: 200, roas: 200 / 130 })],
      [week(100, 35, 35, 1400)],
    );
    expect(moves.map((m) => [m.metric, Math.round(m.baseline * 100) / 100, m.day])).toEqual([
      ['cpa', 20, 32.5],
      ['roas', 2, 200 / 130],
      ['spend', 100, 130],
    ]);
  });

  it('leaves moves under 20% alone', () => {
    expect(
      alertMoves(
        [row('c', { spend: 119, conversions: 5, cpa: 23.8, purchases: 5, revenue: 238, roas: 2 })],
        [week(100, 35, 35, 1400)],
      ),
    ).toEqual([]);
  });

  it('says nothing below the volume: small campaigns, and CPA or ROAS on too few conversions', () => {
    const small = MIN_DAILY_SPEND - 1;
    expect(
      alertMoves(
        [row('c', { spend: small * 3, conversions: 9, cpa: 1, purchases: 9, revenue: 9, roas: 1 })],
        [week(small, 35, 35, 1400)],
      ),
    ).toEqual([]);
    const fewConversions = alertMoves(
      [row('c', { spend: 100, conversions: 2, cpa: 50, purchases: 2, revenue: 20, roas: 0.2 })],
      [week(100, 35, 35, 1400)],
    );
    expect(fewConversions).toEqual([]);
    // A campaign under 5% of its currency's spend is noise beside the big one.
    const tiny = row('t', { spend: 7 * 30, conversions: 20, cpa: 10.5, purchases: 0, revenue: 0, roas: 0 });
    const big = row('b', { spend: 7 * 1000, conversions: 100, cpa: 70, purchases: 0, revenue: 0, roas: 0 });
    const moves = alertMoves(
      [
        row('t', { spend: 90, conversions: 9, cpa: 10, purchases: 0, revenue: 0, roas: 0 }),
        { ...big, spend: 1000, cpa: 100, conversions: 10 },
      ],
      [tiny, big],
    );
    expect(moves.map((m) => m.campaignId)).toEqual(['b']);
  });
});

describe('the digest schedule', () => {
  const at = (iso: string) => new Date(iso);

  it('is due from Monday 08:00 local until the week ends, about the week before', () => {
    // Berlin is UTC+1 in November.
    expect(dueDigestWeek(at('2026-11-23T06:59:00Z'), 'Europe/Berlin')).toBeUndefined();
    expect(dueDigestWeek(at('2026-11-23T07:00:00Z'), 'Europe/Berlin')).toEqual({
      key: '2026-W47',
      week: { start: '2026-11-16', end: '2026-11-22' },
      previous: { start: '2026-11-09', end: '2026-11-15' },
    });
    expect(dueDigestWeek(at('2026-11-29T22:59:00Z'), 'Europe/Berlin')?.key).toBe('2026-W47');
    // 00:30 on the next Monday in Berlin: last week's window has closed, the next not yet opened.
    expect(dueDigestWeek(at('2026-11-29T23:30:00Z'), 'Europe/Berlin')).toBeUndefined();
    // 08:05 in Berlin is 02:05 in New York: the zone decides, not UTC.
    expect(dueDigestWeek(at('2026-11-23T07:05:00Z'), 'America/New_York')).toBeUndefined();
    expect(dueDigestWeek(at('2026-11-23T13:00:00Z'), 'America/New_York')?.key).toBe('2026-W47');
  });

  it('follows daylight saving time and names ISO weeks across a year end', () => {
    // Berlin is UTC+2 from the last Sunday of March.
    expect(dueDigestWeek(at('2026-03-30T05:59:00Z'), 'Europe/Berlin')).toBeUndefined();
    expect(dueDigestWeek(at('2026-03-30T06:00:00Z'), 'Europe/Berlin')?.key).toBe('2026-W13');
    expect(isoWeekKey('2026-12-28')).toBe('2026-W53');
    expect(isoWeekKey('2027-01-04')).toBe('2027-W01');
    expect(isoWeekKey('2024-12-30')).toBe('2025-W01');
  });
});

describe('unsubscribe signatures', () => {
  it('verify for the same user and kind only, under the same secret', () => {
    const secret = 's'.repeat(32);
    const user = '2cba338d-5cd6-4b6d-aed2-549644276511';
    const signature = unsubscribeSignature(secret, user, 'digest');
    expect(verifyUnsubscribe(secret, user, 'digest', signature)).toBe(true);
    expect(verifyUnsubscribe(secret, user, 'alerts', signature)).toBe(false);
    expect(verifyUnsubscribe('t'.repeat(32), user, 'digest', signature)).toBe(false);
    expect(verifyUnsubscribe(secret, user.replace('2', '3'), 'digest', signature)).toBe(false);
    expect(verifyUnsubscribe(secret, user, 'digest', signature.slice(1))).toBe(false);
  });
});
