import { buildPlan } from './build-plan';
import type { Catalog } from './entities';
import { isFollowUp, mergeFollowUp } from './follow-up';
import type { Plan } from './plan';
import { type Reading, readQuestion } from './reading';

export interface ParseContext {
  catalog: Catalog;
  today: string;
  /** Earlier questions of the same conversation, oldest first. */
  history?: readonly string[];
}

/** How many earlier turns a follow-up may reach back through. */
const MAX_HISTORY = 20;

/**
 * Reads a question against the conversation before it: each earlier question is read in turn, and
 * a follow-up is merged into the reading it follows. Deterministic, so the chat and the CLI resolve
 * the same conversation the same way.
 */
export function readConversation(
  question: string,
  { catalog, today, history = [] }: ParseContext,
): { reading: Reading; previous?: Reading } {
  let previous: Reading | undefined;
  for (const earlier of history.slice(-MAX_HISTORY)) previous = next(previous, earlier, catalog, today);
  const reading = next(previous, question, catalog, today);
  return previous ? { reading, previous } : { reading };
}

function next(previous: Reading | undefined, question: string, catalog: Catalog, today: string): Reading {
  const reading = readQuestion(question, { catalog, today });
  if (previous && isFollowUp(reading, previous)) return mergeFollowUp(previous, reading);
  return { ...reading, mentioned: reading.entities };
}

/** Reads a question into a Plan. Deterministic: the same question and data give the same plan. */
export function parseQuestion(question: string, context: ParseContext): Plan {
  return buildPlan(readConversation(question, context).reading, context);
}
