import type { z } from 'zod';
import { errorResponseSchema } from '../../shared/errors';

/** A failed API call, carrying the server's message and code. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
    readonly code: string,
    readonly body: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  token?: string;
  signal?: AbortSignal;
}

/**
 * Calls the API and validates the answer against the shared contract. A failure throws with the
 * server's message when it sent one, otherwise 'HTTP {status}'.
 */
export async function apiRequest<T extends z.ZodType>(
  path: string,
  schema: T,
  { method = 'GET', body, token, signal }: RequestOptions = {},
): Promise<z.infer<T>> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(path, {
    method,
    headers,
    credentials: 'include',
    signal,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const parsed = errorResponseSchema.safeParse(payload);
    throw parsed.success
      ? new ApiError(response.status, parsed.data.message, parsed.data.code, parsed.data)
      : new ApiError(response.status, `HTTP ${response.status}`, 'HTTP_ERROR');
  }
  return schema.parse(payload);
}

/** The server's message when it sent one, otherwise the fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.code !== 'HTTP_ERROR' && error.message ? error.message : fallback;
}
