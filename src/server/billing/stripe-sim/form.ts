import type { IncomingMessage } from 'node:http';
import { StripeApiError } from './errors';

export type ParamValue = string | ParamValue[] | ParamObject;
export interface ParamObject {
  [key: string]: ParamValue;
}

const MAX_BODY_BYTES = 1_000_000;

function malformed(key: string): StripeApiError {
  return new StripeApiError(400, `Invalid parameter structure: ${key}`, {
    code: 'parameter_invalid',
    param: key,
  });
}

/** `line_items[0][price]` → ['line_items', '0', 'price']; `expand[]` → ['expand', '']. */
function keyPath(key: string): string[] {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!match) throw malformed(key);
  const [, head = '', brackets = ''] = match;
  const rest = [...brackets.matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1] ?? '');
  return [head, ...rest];
}

function isObject(value: ParamValue | undefined): value is ParamObject {
  return typeof value === 'object' && !Array.isArray(value);
}

/**
 * Puts one value at its bracket path. Like Stripe, `[n]` makes a hash keyed by 'n' (read as a list
 * where a list is expected, see `asList`) and only `[]` appends to a real array.
 */
function assign(root: ParamObject, key: string, value: string): void {
  const path = keyPath(key);
  let container: ParamObject | ParamValue[] = root;
  for (let i = 0; i < path.length; i++) {
    const segment = path[i] ?? '';
    // Plain objects: `__proto__` would reach Object.prototype instead of making a key.
    if (segment === '__proto__') throw malformed(key);
    const last = i === path.length - 1;
    const next = path[i + 1];
    const fresh = (): ParamValue => (last ? value : next === '' ? [] : {});
    if (Array.isArray(container)) {
      if (segment !== '') throw malformed(key);
      const child = fresh();
      container.push(child);
      if (last) return;
      container = child as ParamObject | ParamValue[];
      continue;
    }
    if (segment === '') throw malformed(key);
    if (last) {
      if (typeof container[segment] === 'object') throw malformed(key);
      container[segment] = value;
      return;
    }
    const existing: ParamValue | undefined = container[segment];
    if (existing === undefined) container[segment] = fresh();
    else if (typeof existing === 'string' || Array.isArray(existing) !== (next === '')) throw malformed(key);
    container = container[segment] as ParamObject | ParamValue[];
  }
}

/** Stripe's form encoding (`a[b][0][c]=v`, `a[]=v`) as nested objects and arrays. */
export function parseForm(text: string): ParamObject {
  const root: ParamObject = {};
  for (const [key, value] of new URLSearchParams(text)) assign(root, key, value);
  return root;
}

function fromParsed(value: unknown): ParamValue {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map(fromParsed);
  if (value && typeof value === 'object') {
    const out: ParamObject = {};
    for (const [k, v] of Object.entries(value)) if (k !== '__proto__') out[k] = fromParsed(v);
    return out;
  }
  throw new StripeApiError(400, 'Invalid request body');
}

/** The form body; a host framework (Fastify, Express) may have read and parsed it onto `req.body`. */
export async function readForm(req: IncomingMessage): Promise<ParamObject> {
  const parsed = (req as IncomingMessage & { body?: unknown }).body;
  if (typeof parsed === 'string') return parseForm(parsed);
  if (Buffer.isBuffer(parsed)) return parseForm(parsed.toString('utf8'));
  if (parsed && typeof parsed === 'object') {
    const value = fromParsed(parsed);
    return isObject(value) ? value : {};
  }
  if (req.readableEnded) return {};
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new StripeApiError(413, 'The request body is too large');
    chunks.push(chunk as Buffer);
  }
  return parseForm(Buffer.concat(chunks).toString('utf8'));
}
