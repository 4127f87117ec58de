import { sentenceList } from '../../analyst/compose/words';
import type { DigestData, KpiLine } from './digest-data';
import { boldMarks, escapeHtml, layout, list, plainMarks, styles } from './html';

export interface ComposedEmail {
  subject: string;
  html: string;
  text: string;
}

/** Pure: the digest's content in, the email's subject and both of its parts out. */
export function composeDigest(data: DigestData, unsubscribeUrl: string): ComposedEmail {
  const subject = `${data.test ? '[Test] ' : ''}Your ARLO weekly digest: ${data.week.label}`;
  const reason = data.test
    ? 'You asked for this test digest in ARLO Settings.'
    : 'You get this because you turned on the weekly digest in ARLO Settings.';
  return {
    subject,
    html: layout(subject, htmlBody(data), { reason, unsubscribeUrl }),
    text: textBody(data, reason, unsubscribeUrl),
  };
}

const EMPTY = {
  movers: 'No campaign spent differently from the week before.',
  anomalies: 'Nothing unusual: no campaign crossed the threshold and no day stood out.',
  recommendations: 'No recommendation this week: every campaign is within its peers’ range.',
};

function intro(data: DigestData): string {
  return `${data.recipientName ? `Hi ${data.recipientName}, here` : 'Here'} is how ${sentenceList(data.accountNames)} did last week (${data.week.label}), against the week before (${data.week.previousLabel}).`;
}

function htmlBody(data: DigestData): string {
  const section = (title: string, items: string[], empty: string, render?: (s: string) => string) =>
    `<h2 style="${styles.h2}">${escapeHtml(title)}</h2>${
      items.length ? list(items, render) : `<p style="${styles.muted}">${escapeHtml(empty)}</p>`
    }`;
  return [
    data.test
      ? `<p style="${styles.muted}">This is a test digest: the weekly one still comes on Monday.</p>`
      : '',
    `<h1 style="${styles.h1}">Weekly digest</h1>`,
    `<p style="${styles.muted}">${escapeHtml(intro(data))}</p>`,
    `<h2 style="${styles.h2}">Last week at a glance</h2>`,
    ...data.kpis.map((block) => kpiTable(block.currency, block.lines, data.kpis.length > 1)),
    section('Biggest movers', data.movers, EMPTY.movers),
    section('Anomalies', data.anomalies, EMPTY.anomalies),
    section('Recommendations', data.recommendations, EMPTY.recommendations, boldMarks),
    `<h2 style="${styles.h2}">Ask a follow-up</h2>`,
    `<p style="${styles.muted}">Try “${escapeHtml(data.suggestedQuestion)}”</p>`,
    `<p><a href="${escapeHtml(data.chatUrl)}" style="${styles.button}">Open ARLO chat</a></p>`,
    `<h2 style="${styles.h2}">How these were computed</h2>`,
    `<ol style="margin:0;padding-left:20px">${data.derivations.map((line) => `<li style="${styles.small}">${escapeHtml(line)}</li>`).join('')}</ol>`,
  ].join('\n');
}

function kpiTable(currency: string | null, lines: KpiLine[], labelled: boolean): string {
  const rows = lines
    .map((line) => {
      const tone = line.good === null ? '' : line.good ? styles.good : styles.bad;
      return `<tr><td style="${styles.td}">${escapeHtml(line.label)}</td><td style="${styles.tdRight}">${escapeHtml(line.now)}</td><td style="${styles.tdRight}">${escapeHtml(line.before)}</td><td style="${styles.tdRight};${tone}">${escapeHtml(line.change ?? '—')}</td></tr>`;
    })
    .join('');
  const caption = labelled && currency ? `<p style="${styles.muted}">In ${escapeHtml(currency)}</p>` : '';
  return `${caption}<table role="presentation" style="${styles.table}"><tr><th style="${styles.th}">Metric</th><th style="${styles.thRight}">Last week</th><th style="${styles.thRight}">Week before</th><th style="${styles.thRight}">Change</th></tr>${rows}</table>`;
}

function textBody(data: DigestData, reason: string, unsubscribeUrl: string): string {
  const bullets = (items: string[], empty: string) =>
    items.length ? items.map((item) => `- ${plainMarks(item)}`).join('\n') : empty;
  const kpis = data.kpis
    .map((block) => {
      const head = data.kpis.length > 1 && block.currency ? `In ${block.currency}:\n` : '';
      return `${head}${block.lines
        .map(
          (line) =>
            `- ${line.label}: ${line.now} (week before ${line.before}${line.change ? `, ${line.change}` : ''})`,
        )
        .join('\n')}`;
    })
    .join('\n\n');
  return [
    data.test ? 'This is a test digest: the weekly one still comes on Monday.\n' : '',
    'WEEKLY DIGEST',
    '',
    intro(data),
    '',
    'LAST WEEK AT A GLANCE',
    kpis,
    '',
    'BIGGEST MOVERS',
    bullets(data.movers, EMPTY.movers),
    '',
    'ANOMALIES',
    bullets(data.anomalies, EMPTY.anomalies),
    '',
    'RECOMMENDATIONS',
    bullets(data.recommendations, EMPTY.recommendations),
    '',
    'ASK A FOLLOW-UP',
    `Try "${data.suggestedQuestion}" at ${data.chatUrl}`,
    '',
    'HOW THESE WERE COMPUTED',
    data.derivations.map((line, index) => `${index + 1}. ${line}`).join('\n'),
    '',
    '--',
    reason,
    `Unsubscribe: ${unsubscribeUrl}`,
  ]
    .join('\n')
    .trimStart();
}
