/** A raw message as a mail client shows it: decoded headers and its text and HTML parts. */
export interface ReadMail {
  headers: Record<string, string>;
  subject: string;
  text: string;
  html: string;
}

function decodeQuotedPrintable(body: string): string {
  const bytes: number[] = [];
  const joined = body.replace(/=\r?\n/g, '');
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i] as string, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeBody(body: string, encoding: string | undefined): string {
  if (encoding?.toLowerCase() === 'quoted-printable') return decodeQuotedPrintable(body);
  if (encoding?.toLowerCase() === 'base64')
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

/** RFC 2047 encoded words ("=?UTF-8?Q?…?=") back to text. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_match, _charset, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

function splitHeaders(raw: string): { headers: Record<string, string>; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, at).replace(/\r?\n[ \t]+/g, ' ');
  const body = raw.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

export function readMail(raw: string): ReadMail {
  const { headers, body } = splitHeaders(raw);
  const parts: { type: string; body: string }[] = [];
  const collect = (headersOf: Record<string, string>, content: string) => {
    const type = headersOf['content-type'] ?? 'text/plain';
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (boundary) {
      for (const chunk of content.split(`--${boundary}`).slice(1)) {
        if (chunk.startsWith('--')) break;
        const inner = splitHeaders(chunk.replace(/^\r?\n/, ''));
        collect(inner.headers, inner.body);
      }
      return;
    }
    parts.push({ type, body: decodeBody(content, headersOf['content-transfer-encoding']) });
  };
  collect(headers, body);
  return {
    headers,
    subject: decodeWords(headers.subject ?? ''),
    text: parts.find((part) => part.type.startsWith('text/plain'))?.body ?? '',
    html: parts.find((part) => part.type.startsWith('text/html'))?.body ?? '',
  };
}
