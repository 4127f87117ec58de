import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModel } from 'ai';

/** The shape of `config.llm`: any OpenAI-compatible chat completions endpoint. */
export interface LlmConfig {
  baseUrl: string;
  apiKey?: string | undefined;
  model: string;
  /** Per call; an answer waits at most this long for the model before using the deterministic text. */
  timeoutMs?: number | undefined;
}

export interface Llm {
  model: LanguageModel;
  timeoutMs: number;
}

export const DEFAULT_LLM_TIMEOUT_MS = 8000;

/**
 * A model handle for the two optional LLM steps. Nothing here logs: the key only travels in the
 * Authorization header the provider builds, and callers swallow errors without printing them.
 */
export function createLlm(config: LlmConfig): Llm {
  const provider = createOpenAICompatible({
    name: 'arlo-llm',
    baseURL: config.baseUrl.replace(/\/+$/, ''),
    ...(config.apiKey ? { apiKey: config.apiKey } : {}),
  });
  return {
    model: provider.chatModel(config.model),
    timeoutMs: config.timeoutMs ?? DEFAULT_LLM_TIMEOUT_MS,
  };
}

/**
 * Settings shared by every call: one attempt only (the deterministic engine is the retry, so a
 * slow or failing model never multiplies the wait), bounded by the timeout.
 */
export function callSettings(llm: Llm) {
  return { model: llm.model, maxRetries: 0, timeout: llm.timeoutMs } as const;
}
