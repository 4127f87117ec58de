/** HTML of the hosted checkout (ARLO's demo checkout): no scripts, no external assets. */

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

// The app's design system restated for a page without its CSS (docs/decisions/0033): slate
// neutrals, the indigo accent, the same card, button and type scale, and dark mode when the
// operating system asks for it (this page runs no script to read the app's own setting).
const STYLE = `
  *{box-sizing:border-box}
  :root{color-scheme:light dark;--bg:#f8fafc;--card:#fff;--ring:#e2e8f0;--text:#0f172a;--muted:#475569;
    --accent:#4f46e5;--accent-hover:#4338ca;--link:#4338ca;--note-bg:#fffbeb;--note-text:#92400e;--note-ring:#fde68a}
  @media (prefers-color-scheme:dark){:root{--bg:#020617;--card:#0f172a;--ring:#334155;--text:#f1f5f9;
    --muted:#94a3b8;--link:#a5b4fc;--note-bg:#451a03;--note-text:#fde68a;--note-ring:#92400e}}
  body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;padding:24px;
    font:16px/1.5 "Inter Variable",Inter,ui-sans-serif,system-ui,-apple-system,"Segoe UI",sans-serif;
    -webkit-font-smoothing:antialiased;background:var(--bg);color:var(--text)}
  main{width:100%;max-width:28rem;background:var(--card);border-radius:16px;padding:32px;
    box-shadow:0 1px 2px rgba(15,23,42,.06);outline:1px solid var(--ring)}
  .brand{margin:0 0 24px;font-size:.875rem;font-weight:600;letter-spacing:.1em;color:var(--link)}
  h1{font-size:1.5rem;line-height:2rem;font-weight:600;margin:0 0 16px}
  .demo{margin:0 0 24px;padding:8px 12px;border-radius:8px;background:var(--note-bg);color:var(--note-text);
    outline:1px solid var(--note-ring);font-size:.875rem}
  .product{font-weight:600;font-size:1.125rem;margin:0}
  .price{font-size:1.5rem;font-weight:700;margin:4px 0}
  .email{color:var(--muted);font-size:.875rem;margin:0}
  form{margin:24px 0 16px}
  button{width:100%;padding:8px 16px;border:0;border-radius:8px;background:var(--accent);color:#fff;
    font:inherit;font-weight:500;cursor:pointer}
  button:hover{background:var(--accent-hover)}
  button:focus-visible,a:focus-visible{outline:2px solid #6366f1;outline-offset:2px}
  a{color:var(--link);font-weight:500;text-decoration:underline;text-underline-offset:2px}
  .cancel{display:block;text-align:center;font-size:.875rem}
`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="brand">ARLO</p>
${body}
</main>
</body>
</html>
`;
}

export interface CheckoutPageInput {
  sessionId: string;
  productName: string;
  /** E.g. '$25.00 per month'. */
  priceText: string;
  email: string | null;
  cancelUrl: string;
}

export function checkoutPage(input: CheckoutPageInput): string {
  // Relative, so it works wherever the page is mounted and whatever host the browser used.
  const action = `${encodeURIComponent(input.sessionId)}/pay`;
  const email = input.email ? `<p class="email">For ${escapeHtml(input.email)}</p>` : '';
  return layout(
    'ARLO demo checkout',
    `<h1>ARLO demo checkout</h1>
<p class="demo" role="note">This is a demonstration: no card is charged and no payment is taken.</p>
<p class="product">${escapeHtml(input.productName)}</p>
<p class="price">${escapeHtml(input.priceText)}</p>
${email}
<form method="post" action="${escapeHtml(action)}">
<button type="submit">Pay</button>
</form>
<a class="cancel" href="${escapeHtml(input.cancelUrl)}">Cancel</a>`,
  );
}

/** The page for a session that is unknown, finished or failed; `link` offers a way on. */
export function messagePage(title: string, message: string, link?: { href: string; text: string }): string {
  const next = link ? `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.text)}</a></p>` : '';
  return layout(
    title,
    `<h1>${escapeHtml(title)}</h1>
<p class="demo" role="note">ARLO demo checkout: no card is charged and no payment is taken.</p>
<p>${escapeHtml(message)}</p>
${next}`,
  );
}
