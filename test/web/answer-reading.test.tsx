// @vitest-environment jsdom

import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ContentItem, DataRow } from '../../src/shared/api/answer';
import { AssistantMessage } from '../../src/web/features/chat/components/assistant-message';
import { ContentRenderer } from '../../src/web/features/chat/components/content/content-renderer';
import { cellText, columnsOf } from '../../src/web/features/chat/components/content/table-columns';
import { csvFileName, tableCsv, tableTsv } from '../../src/web/features/chat/components/content/table-export';
import { NoticeMessage, noticeText } from '../../src/web/features/chat/components/notice-message';
import type { AssistantEntry } from '../../src/web/features/chat/lib/conversation';
import { dayText } from '../../src/web/features/chat/lib/day-text';
import { reasoningSummary } from '../../src/web/features/chat/lib/reasoning-summary';

const { createObjectURL, revokeObjectURL } = URL;

afterEach(() => {
  cleanup();
  Object.assign(URL, { createObjectURL, revokeObjectURL });
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'clipboard');
});

const campaigns: ContentItem = {
  type: 'table',
  header: 'Campaigns by spend',
  data: [
    { campaign: 'Sale, "Winter"\nEU', spend: 1234.5, roas: 3.254, clicks: 12000, currency: 'USD' },
    { campaign: 'Plain', spend: 0.1, roas: null, clicks: 7, currency: 'USD' },
  ],
  columns: [
    { key: 'campaign', label: 'Campaign', unit: 'text' },
    { key: 'spend', label: 'Spend', unit: 'money' },
    { key: 'roas', label: 'ROAS', unit: 'multiplier' },
    { key: 'clicks', label: 'Clicks', unit: 'count' },
    { key: 'currency', label: 'Currency', unit: 'text' },
  ],
};
const rows = campaigns.data as DataRow[];

describe('a table as CSV', () => {
  it('has a header of column labels, raw numbers, and quotes commas, quotes and line breaks', () => {
    expect(tableCsv(rows, columnsOf(rows, campaigns.columns))).toBe(
      'Campaign,Spend,ROAS,Clicks,Currency\r\n' +
        '"Sale, ""Winter""\nEU",1234.5,3.254,12000,USD\r\n' +
        'Plain,0.1,,7,USD\r\n',
    );
  });

  it('keeps days as ISO dates and labels in words', () => {
    const daily: DataRow[] = [{ day: '2026-11-13', gender: 'female', spend: 5 }];
    expect(tableCsv(daily, columnsOf(daily))).toBe('Day,Gender,Spend\r\n2026-11-13,Women,5\r\n');
  });

  it("names the file after the table's title", () => {
    expect(csvFileName('Campaigns by spend')).toBe('campaigns-by-spend.csv');
    expect(csvFileName('CPA by gender, both periods')).toBe('cpa-by-gender-both-periods.csv');
    expect(csvFileName(undefined)).toBe('table.csv');
    expect(csvFileName('!!!')).toBe('table.csv');
  });
});

describe('a table as text on the clipboard', () => {
  it('is tab-separated with a header line, figures as shown, no tab or line break inside a cell', () => {
    expect(tableTsv(rows, columnsOf(rows, campaigns.columns))).toBe(
      'Campaign\tSpend\tROAS\tClicks\tCurrency\n' +
        'Sale, "Winter" EU\t$1,234.50\t3.25x\t12,000\tUSD\n' +
        'Plain\t$0.10\t–\t7\tUSD',
    );
  });
});

// A name that starts like a formula must not run as one when the file or the paste is opened in a
// spreadsheet; figures, negative ones included, stay numbers.
describe('a table with names that look like formulas', () => {
  const hostile: DataRow[] = [
    '=HYPERLINK("http://x.test","a")',
    '+cmd|calc',
    '-2+3',
    '@SUM(A1)',
    '\tTab',
    '\rCR',
  ].map((campaign, index) => ({ campaign, spend: index === 0 ? -12.5 : index, currency: 'USD' }));
  const columns = columnsOf(
    hostile,
    campaigns.columns?.filter((column) => column.key !== 'roas' && column.key !== 'clicks'),
  );

  it('writes them as text in the CSV, and numbers as numbers', () => {
    expect(tableCsv(hostile, columns)).toBe(
      'Campaign,Spend,Currency\r\n' +
        `"'=HYPERLINK(""http://x.test"",""a"")",-12.5,USD\r\n` +
        "'+cmd|calc,1,USD\r\n" +
        "'-2+3,2,USD\r\n" +
        "'@SUM(A1),3,USD\r\n" +
        "'\tTab,4,USD\r\n" +
        `"'\rCR",5,USD\r\n`,
    );
  });

  it('writes them as text on the clipboard, and a negative figure as shown', () => {
    const lines = tableTsv(hostile, columns).split('\n');
    expect(lines.slice(1).map((line) => line.split('\t')[0])).toEqual([
      `'=HYPERLINK("http://x.test","a")`,
      "'+cmd|calc",
      "'-2+3",
      "'@SUM(A1)",
      "' Tab",
      "' CR",
    ]);
    const spend = columns.find((column) => column.key === 'spend');
    if (!spend || !hostile[0]) throw new Error('no spend column');
    const shown = cellText(hostile[0], spend);
    expect(shown).toMatch(/12\.50/);
    expect(lines[1]?.split('\t')[1]).toBe(shown);
  });
});

describe('table actions', () => {
  it('download the CSV as a file named after the title', async () => {
    const saved: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      saved.push(blob);
      return 'blob:table';
    });
    // jsdom has no object URLs: the browser's part is stubbed, the e2e test downloads for real.
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    let downloaded = '';
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloaded = this.download;
    });
    render(<ContentRenderer item={campaigns} reveal={false} />);
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(downloaded).toBe('campaigns-by-spend.csv');
    expect(saved).toHaveLength(1);
    expect(await saved[0]?.text()).toBe(tableCsv(rows, columnsOf(rows, campaigns.columns)));
  });

  it('copy the table and confirm with the chat’s copy messages', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(<ContentRenderer item={campaigns} reveal={false} />);
    fireEvent.click(screen.getByRole('button', { name: 'Copy as table' }));
    expect(await screen.findByText('Content copied to clipboard!')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(tableTsv(rows, columnsOf(rows, campaigns.columns)));
  });

  it('say when copying fails', async () => {
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: async () => Promise.reject(new Error('denied')) },
      configurable: true,
    });
    render(<ContentRenderer item={campaigns} reveal={false} />);
    fireEvent.click(screen.getByRole('button', { name: 'Copy as table' }));
    expect(await screen.findByText('Failed to copy content')).toBeTruthy();
  });

  it('scroll inside a region the keyboard reaches, named by the title', () => {
    render(<ContentRenderer item={campaigns} reveal={false} />);
    const region = screen.getByRole('region', { name: 'Table: Campaigns by spend' });
    expect(region.tabIndex).toBe(0);
    expect(within(region).getByRole('table')).toBeTruthy();
  });
});

describe('table cells', () => {
  it('show days compactly, with the year only when the days span several', () => {
    expect(dayText('2026-11-13')).toBe('Fri, Nov 13');
    expect(dayText('2026-11-13', true)).toBe('Fri, Nov 13, 2026');
    expect(dayText('not a day')).toBe('not a day');
    const item: ContentItem = {
      type: 'table',
      header: 'Spend per day',
      data: [
        { day: '2025-12-31', spend: 1 },
        { day: '2026-01-01', spend: 2 },
      ],
      columns: [
        { key: 'day', label: 'Day', unit: 'date' },
        { key: 'spend', label: 'Spend', unit: 'money' },
      ],
    };
    render(<ContentRenderer item={item} reveal={false} />);
    expect(screen.getByRole('cell', { name: 'Wed, Dec 31, 2025' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: 'Thu, Jan 1, 2026' })).toBeTruthy();
  });

  it('clamp a long name, keep all of it in the title, and never widen the answer', () => {
    const long = `Campaign ${'x'.repeat(3000)}`;
    render(
      <ContentRenderer
        item={{ type: 'table', header: 'Campaigns by spend', data: [{ campaign: long, spend: 1 }] }}
        reveal={false}
      />,
    );
    const cell = screen.getByRole('cell', { name: long });
    expect(cell.getAttribute('title')).toBe(long);
    const text = cell.firstElementChild as HTMLElement;
    expect(text.className).toContain('line-clamp-3');
    expect(text.className).toContain('wrap-anywhere');
  });
});

const reasoning = [
  '- **Read as:** Spend per day, the last 7 days.',
  '- **Period:** the last 7 days (Nov 13 – Nov 19, 2026), whole days, inclusive.',
  '- **Accounts:** Acme Outdoor US (USD), Acme Outdoor Leads (USD); only active accounts are included.',
  '- **Level:** campaign.',
  '- **Currency:** USD.',
  '- **Source:** 4 SQL queries over the synced daily ad rows.',
].join('\n');

describe('how an answer was computed', () => {
  it('reads its dates, accounts and level from the reasoning', () => {
    expect(reasoningSummary(reasoning).scope).toEqual([
      { key: 'Period', value: 'the last 7 days (Nov 13 – Nov 19, 2026)' },
      { key: 'Accounts', value: 'Acme Outdoor US (USD), Acme Outdoor Leads (USD)' },
      { key: 'Level', value: 'campaign' },
    ]);
    expect(reasoningSummary('Summed the daily rows.').scope).toEqual([]);
  });

  const entry: AssistantEntry = {
    kind: 'assistant',
    id: 'a1',
    turn: 1,
    analytics: { type: 'text', content: 'Spend $5,419.42.', header: 'Spend' },
    reasoning: { type: 'text', content: reasoning, header: 'How this was computed' },
    actionable_insights: {
      type: 'text',
      content: '- Scale **Alpha**: CPA $28.27.',
      header: 'Actionable insights',
    },
    suggestions: [],
    streaming: false,
    live: false,
  };

  it('is folded, with what the answer covers in one visible line', () => {
    render(<AssistantMessage entry={entry} now={0} />);
    const scope = screen.getByTestId('reasoning-scope');
    expect(scope.textContent).toBe(
      'Period: the last 7 days (Nov 13 – Nov 19, 2026) · Accounts: Acme Outdoor US (USD), Acme Outdoor Leads (USD) · Level: campaign',
    );
    const details = screen.getByRole('heading', { name: 'How this was computed' }).closest('details');
    expect(details?.open).toBe(false);
    const source = screen.getByText(/4 SQL queries/);
    expect(source.closest('details')).toBe(details);
    fireEvent.click(details?.querySelector('summary') as HTMLElement);
    expect(details?.open).toBe(true);
  });

  it('comes after the figures and before the insights', () => {
    render(<AssistantMessage entry={entry} now={0} />);
    // The answer's own (visually hidden) heading opens a level under the page's h1; its sections sit under it.
    const headings = screen.getAllByRole('heading').map((h) => `${h.tagName} ${h.textContent}`);
    expect(headings).toEqual([
      'H2 Assistant message',
      'H3 Spend',
      'H3 How this was computed',
      'H3 Actionable insights',
    ]);
  });
});

describe('the free-limit notice', () => {
  const message =
    'You have used your 3 free questions for today. Upgrade to Pro for unlimited questions: /plans';

  it('shows no bare address, and links to the plans', () => {
    expect(noticeText(message, '/plans')).toBe(
      'You have used your 3 free questions for today. Upgrade to Pro for unlimited questions.',
    );
    expect(noticeText('Hello: /plans', undefined)).toBe('Hello: /plans');
    render(
      <MemoryRouter>
        <NoticeMessage
          entry={{ kind: 'notice', id: 'n', tone: 'assistant', text: message, upgradeUrl: '/plans' }}
        />
      </MemoryRouter>,
    );
    expect(screen.queryByText(/\/plans/)).toBeNull();
    const link = screen.getByRole('link', { name: 'See plans' });
    expect(link.getAttribute('href')).toBe('/plans');
    expect(link.className).toContain('underline');
  });
});

describe('waiting for a table', () => {
  it('shows the table actions once the table has typed in', async () => {
    render(<ContentRenderer item={campaigns} reveal={true} />);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Download CSV' })).toBeTruthy(), {
      timeout: 5000,
    });
  });
});
