/** Query parameters that carry a credential in the URLs this client builds or follows. */
const SECRET_PARAMS =
  /\b(access_token|appsecret_proof|client_secret|fb_exchange_token|input_token)=[^&#\s"']*/gi;

/** Blanks credential-bearing parameters in a URL (or any text holding one) before it is logged. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMS, '$1=[redacted]');
}

/**
 * Returns a function that removes the given secrets (raw and URL-encoded) and credential parameters from a
 * text. Used on Meta's own error messages too: a stand-in or proxy could echo the request back.
 */
export function scrubber(secrets: ReadonlyArray<string | undefined>): (text: string) => string {
  const needles = new Set<string>();
  for (const secret of secrets) {
    if (!secret) continue;
    needles.add(secret);
    needles.add(encodeURIComponent(secret));
  }
  // Longest first, so the app token `id|secret` goes before the bare secret inside it.
  const ordered = [...needles].sort((a, b) => b.length - a.length);
  return (text) => {
    let out = redactUrl(text);
    for (const needle of ordered) out = out.split(needle).join('[redacted]');
    return out;
  };
}
