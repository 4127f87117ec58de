import { type AskBody, type StreamEvent, streamEventSchema } from '../../../../shared/api/chat';
import { errorResponseSchema } from '../../../../shared/errors';
import { ApiError } from '../../../lib/api-client';
import { createSseParser } from '../lib/sse';

/** The connection dropped, before or during the answer. */
export class ConnectionError extends Error {
  override name = 'ConnectionError';
}

const DONE = '[DONE]';

async function failure(response: Response): Promise<ApiError> {
  const payload: unknown = await response.json().catch(() => undefined);
  const parsed = errorResponseSchema.safeParse(payload);
  return parsed.success
    ? new ApiError(response.status, parsed.data.message, parsed.data.code, parsed.data)
    : new ApiError(response.status, `HTTP ${response.status}`, 'HTTP_ERROR');
}

/**
 * `POST /api/ask`: calls `onEvent` with each stream event as it arrives, in order, and resolves when
 * the stream ends (`data: [DONE]` or the connection closing). Events that fail the contract are
 * skipped. Throws an ApiError when the server refuses before streaming (400/401/403/404/429) and a
 * ConnectionError when the network fails; an abort through `signal` rethrows the abort.
 */
export async function ask(
  body: AskBody,
  { token, signal, onEvent }: { token: string; signal?: AbortSignal; onEvent: (event: StreamEvent) => void },
): Promise<void> {
  let response: Response;
  try {
    response = await fetch('/api/ask', {
      method: 'POST',
      headers: {
        accept: 'text/event-stream',
        'content-type': 'application/json',
        authorization: `Bearer ${token}`,
      },
      credentials: 'include',
      body: JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ConnectionError('The request did not reach the server', { cause: error });
  }
  if (!response.ok) throw await failure(response);
  if (!response.body) throw new ConnectionError('The answer had no body');

  let done = false;
  const parser = createSseParser((data) => {
    if (done) return;
    if (data.trim() === DONE) {
      done = true;
      return;
    }
    let json: unknown;
    try {
      json = JSON.parse(data);
    } catch {
      return;
    }
    const event = streamEventSchema.safeParse(json);
    if (event.success) onEvent(event.data);
  });

  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  try {
    while (!done) {
      const chunk = await reader.read();
      if (chunk.done) break;
      parser.push(decoder.decode(chunk.value, { stream: true }));
    }
    if (!done) {
      parser.push(decoder.decode());
      parser.end();
    }
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ConnectionError('The answer stream broke off', { cause: error });
  } finally {
    if (done) await reader.cancel().catch(() => {});
    reader.releaseLock();
  }
}
