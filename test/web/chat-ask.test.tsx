// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StreamEvent } from '../../src/shared/api/chat';
import { ask, ConnectionError } from '../../src/web/features/chat/api/ask';
import { createSseParser } from '../../src/web/features/chat/lib/sse';
import { ApiError } from '../../src/web/lib/api-client';

const SESSION = '11111111-1111-4111-8111-111111111111';
const body = {
  message: 'Spend last 7 days',
  sessionId: SESSION,
  timezone: 'UTC',
  model: 'arlo_pro' as const,
};

function streamOf(chunks: string[], { fail = false } = {}) {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      if (fail) controller.error(new TypeError('network error'));
      else controller.close();
    },
  });
}

async function collect(response: Response | (() => never)) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => (typeof response === 'function' ? response() : response)),
  );
  const events: StreamEvent[] = [];
  await ask(body, { token: 't', onEvent: (event) => events.push(event) });
  return events;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the SSE reader', () => {
  it('joins lines split across chunks, skips comments and other fields', () => {
    const seen: string[] = [];
    const parser = createSseParser((data) => seen.push(data));
    parser.push(': working\n\nda');
    parser.push('ta: {"a":1}\r\n');
    parser.push('\r\nevent: x\nid: 3\ndata: one\ndata: two\n\n');
    parser.push('data: last');
    parser.end();
    expect(seen).toEqual(['{"a":1}', 'one\ntwo', 'last']);
  });
});

describe('ask (POST /api/ask)', () => {
  const analytics = {
    type: 'analytics',
    analytics: { type: 'text', content: 'Hi' },
    error: null,
    settings: null,
    suggestions: [],
  };

  it('delivers valid events in order, skips invalid ones and stops at [DONE]', async () => {
    const response = new Response(
      streamOf([
        `data: ${JSON.stringify(analytics)}\n\n`,
        'data: {"type":"nonsense"}\n\ndata: not json\n\n',
        'data: {"type":"reasoning","reasoning":{"type":"text","content":"Why"}}\n\n',
        'data: [DONE]\n\n',
        `data: ${JSON.stringify({ type: 'error', message: 'after done' })}\n\n`,
      ]),
    );
    const events = await collect(response);
    expect(events.map((event) => event.type)).toEqual(['analytics', 'reasoning']);
  });

  it('ends cleanly when the stream closes without [DONE]', async () => {
    const events = await collect(new Response(streamOf([`data: ${JSON.stringify(analytics)}`])));
    expect(events.map((event) => event.type)).toEqual(['analytics']);
  });

  it('sends the bearer token and the body', async () => {
    const fetchStub = vi.fn(async () => new Response(streamOf(['data: [DONE]\n\n'])));
    vi.stubGlobal('fetch', fetchStub);
    await ask(body, { token: 'secret', onEvent: () => {} });
    const [url, init] = fetchStub.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/ask');
    expect(new Headers(init.headers).get('authorization')).toBe('Bearer secret');
    expect(JSON.parse(init.body as string)).toEqual(body);
  });

  it('throws the server error before streaming as an ApiError', async () => {
    const refused = new Response(JSON.stringify({ message: 'Invalid token', code: 'UNAUTHORIZED' }), {
      status: 401,
    });
    await expect(collect(refused)).rejects.toMatchObject({ status: 401, message: 'Invalid token' });
    await expect(collect(new Response('oops', { status: 500 }))).rejects.toBeInstanceOf(ApiError);
  });

  it('throws a ConnectionError when the network fails, before or during the stream', async () => {
    await expect(
      collect(() => {
        throw new TypeError('Failed to fetch');
      }),
    ).rejects.toBeInstanceOf(ConnectionError);
    await expect(
      collect(new Response(streamOf([`data: ${JSON.stringify(analytics)}\n\n`], { fail: true }))),
    ).rejects.toBeInstanceOf(ConnectionError);
  });
});
