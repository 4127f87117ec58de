import { generateText } from 'ai';
import { callSettings, type Llm } from './client';

export interface Fact {
  label: string;
  value: string;
}

// Digits with thousands separators and decimals; signs are left out (see numbersIn).
const NUMBER = /\d[\d,]*(?:\.\d+)?/g;

/**
 * The magnitudes of every number in a text: "$1,234.50" → 1234.5. Signs are compared as words
 * ("fell 17.2%") as often as symbols, so only the digits are checked; they are what must not be
 * invented.
 */
export function numbersIn(text: string): number[] {
  return [...text.matchAll(NUMBER)].map((match) => Number(match[0].replaceAll(',', '')));
}

/** True when every number of `candidate` appears in `allowed`. */
export function onlyKnownNumbers(candidate: string, allowed: string[]): boolean {
  const known = new Set(allowed.flatMap(numbersIn));
  return numbersIn(candidate).every((value) => known.has(value));
}

const SYSTEM = [
  'You rewrite the explanation of how an advertising report was computed, in plain, friendly English.',
  'Keep every statement; add nothing. Use only numbers and dates that appear in the facts or the text, written exactly as given.',
  'Do not number the items, do not round, do not compute anything. Answer with the rewritten text only, in markdown.',
].join(' ');

/**
 * Lets the model phrase the reasoning, then checks its text: if it contains a number that is not
 * among the computed facts or the deterministic text, the deterministic text is used instead.
 * Errors, timeouts and empty replies also keep the deterministic text.
 */
export async function phraseReasoning(llm: Llm, facts: Fact[], deterministic: string): Promise<string> {
  try {
    const factLines = facts.map((fact) => `- ${fact.label}: ${fact.value}`).join('\n');
    const { text } = await generateText({
      ...callSettings(llm),
      system: SYSTEM,
      prompt: `Facts:\n${factLines || '(none)'}\n\nText to rewrite:\n${deterministic}`,
      temperature: 0,
    });
    const candidate = text.trim();
    if (!candidate) return deterministic;
    const allowed = [deterministic, ...facts.map((fact) => fact.value)];
    return onlyKnownNumbers(candidate, allowed) ? candidate : deterministic;
  } catch {
    return deterministic;
  }
}
