import type { AlertData } from './alert-data';
import type { ComposedEmail } from './compose-digest';
import { boldMarks, escapeHtml, layout, list, plainMarks, styles } from './html';

const REASON = 'You get this because you turned on anomaly alerts in ARLO Settings.';

/** Pure: the alert's content in (only the lines to send), the email out. */
export function composeAlert(data: AlertData, unsubscribeUrl: string): ComposedEmail {
  const count = data.lines.length;
  const subject = `ARLO alert: ${count === 1 ? 'a campaign' : `${count} campaign metrics`} moved 20% or more on ${data.dayLabel}`;
  const intro = `${data.recipientName ? `Hi ${data.recipientName}, y` : 'Y'}esterday (${data.dayLabel}) these moved past the 20% threshold against the average day of ${data.baselineLabel}:`;
  const html = layout(
    subject,
    [
      `<h1 style="${styles.h1}">Anomaly alert</h1>`,
      `<p style="${styles.muted}">${escapeHtml(intro)}</p>`,
      list(
        data.lines.map((line) => line.text),
        boldMarks,
      ),
      `<p><a href="${escapeHtml(data.chatUrl)}" style="${styles.button}">Ask ARLO why</a></p>`,
      `<h2 style="${styles.h2}">How these were computed</h2>`,
      `<ol style="margin:0;padding-left:20px">${data.derivations.map((line) => `<li style="${styles.small}">${escapeHtml(line)}</li>`).join('')}</ol>`,
    ].join('\n'),
    { reason: REASON, unsubscribeUrl },
  );
  const text = [
    'ANOMALY ALERT',
    '',
    intro,
    ...data.lines.map((line) => `- ${plainMarks(line.text)}`),
    '',
    `Ask ARLO why: ${data.chatUrl}`,
    '',
    'HOW THESE WERE COMPUTED',
    ...data.derivations.map((line, index) => `${index + 1}. ${line}`),
    '',
    '--',
    REASON,
    `Unsubscribe: ${unsubscribeUrl}`,
  ].join('\n');
  return { subject, html, text };
}
