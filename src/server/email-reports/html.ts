/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** The engine's `**bold**` marks, escaped first so a name can never inject markup. */
export function boldMarks(value: string): string {
  return escapeHtml(value).replace(/\*\*(.+?)\*\*/g, '<strong>$1</strong>');
}

/** The same text for the plain part: the marks dropped. */
export function plainMarks(value: string): string {
  return value.replace(/\*\*(.+?)\*\*/g, '$1');
}

// Mail clients ignore <style> blocks often enough that every element carries its own style.
const FONT = "font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";
export const styles = {
  body: `margin:0;padding:0;background:#f4f5f7;${FONT};color:#1f2328`,
  card: 'max-width:640px;margin:0 auto;background:#ffffff;border-collapse:collapse',
  cell: 'padding:16px 24px',
  h1: 'margin:0 0 4px;font-size:20px;line-height:28px',
  h2: 'margin:24px 0 8px;font-size:16px;line-height:22px',
  muted: 'color:#59636e;font-size:13px;line-height:18px',
  table: 'width:100%;border-collapse:collapse;font-size:14px',
  th: 'text-align:left;padding:6px 8px;border-bottom:2px solid #d1d9e0;color:#59636e;font-weight:600',
  thRight: 'text-align:right;padding:6px 8px;border-bottom:2px solid #d1d9e0;color:#59636e;font-weight:600',
  td: 'padding:6px 8px;border-bottom:1px solid #eaeef2',
  tdRight: 'padding:6px 8px;border-bottom:1px solid #eaeef2;text-align:right;white-space:nowrap',
  li: 'margin:0 0 6px;font-size:14px;line-height:20px',
  button:
    'display:inline-block;padding:10px 18px;background:#0969da;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:600',
  small: 'color:#59636e;font-size:12px;line-height:17px',
  good: 'color:#1a7f37',
  bad: 'color:#cf222e',
} as const;

export function list(items: string[], render: (item: string) => string = escapeHtml): string {
  return `<ul style="margin:0;padding-left:20px">${items.map((item) => `<li style="${styles.li}">${render(item)}</li>`).join('')}</ul>`;
}

/** The outer frame every report email shares, with its footer and unsubscribe link. */
export function layout(
  title: string,
  body: string,
  footer: { reason: string; unsubscribeUrl: string },
): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="${styles.body}">
<table role="presentation" style="${styles.card}" width="100%" cellpadding="0" cellspacing="0">
<tr><td style="${styles.cell}">${body}</td></tr>
<tr><td style="${styles.cell}"><p style="${styles.small}">${escapeHtml(footer.reason)} <a href="${escapeHtml(footer.unsubscribeUrl)}" style="color:#59636e">Unsubscribe</a></p></td></tr>
</table>
</body></html>`;
}
