/** HTML of the hosted checkout (ARLO's demo checkout): no scripts, no external assets. */

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const STYLE = `
  *{box-sizing:border-box}
  body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;
    font:16px/1.5 system-ui,-apple-system,'Segoe UI',sans-serif;background:#f4f5f7;color:#1d2330}
  main{width:min(420px,92vw);background:#fff;border-radius:12px;padding:32px;
    box-shadow:0 2px 12px rgba(20,30,50,.12)}
  h1{font-size:1.35rem;margin:0 0 8px}
  .demo{margin:0 0 24px;padding:10px 12px;border-radius:8px;background:#fff4d6;color:#6b4e00;
    border:1px solid #f0d68a;font-size:.9rem}
  .product{font-weight:600;margin:0}
  .price{font-size:1.6rem;font-weight:700;margin:4px 0 4px}
  .email{color:#5a6272;font-size:.9rem;margin:0}
  form{margin:28px 0 12px}
  button{width:100%;padding:12px;border:0;border-radius:8px;background:#3654d6;color:#fff;
    font:inherit;font-weight:600;cursor:pointer}
  button:hover{background:#2a45b8}
  button:focus-visible,a:focus-visible{outline:3px solid #9db0ff;outline-offset:2px}
  a{color:#3654d6}
  .cancel{display:block;text-align:center}
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
