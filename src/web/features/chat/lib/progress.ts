/** What the chat says while an answer is on its way. */
export type ProgressState = 'idle' | 'searching' | 'extended' | 'thinking' | 'generating_report';

export const PROGRESS_LABELS: Record<Exclude<ProgressState, 'idle'>, string> = {
  searching: 'Analyzing your data',
  extended: 'Processing & validating',
  thinking: 'Thinking',
  generating_report: 'Generating Report',
};

export const SEARCHING_MS = 2_000;
export const EXTENDED_MS = 25_000;
export const THINKING_MS = 50_000;

export function progressState(elapsedMs: number, report: boolean): ProgressState {
  if (report) return 'generating_report';
  if (elapsedMs >= THINKING_MS) return 'thinking';
  if (elapsedMs >= EXTENDED_MS) return 'extended';
  if (elapsedMs >= SEARCHING_MS) return 'searching';
  return 'idle';
}

export function progressLabel(elapsedMs: number, report: boolean): string | null {
  const state = progressState(elapsedMs, report);
  return state === 'idle' ? null : PROGRESS_LABELS[state];
}

export interface Phase {
  key: string;
  at: number;
  label: string;
}

/** While the reasoning is pending, counted from the analytics' arrival. */
export const REASONING_PHASES: readonly Phase[] = [
  { key: 'optimizing', at: 0, label: 'Optimizing reasoning process' },
  { key: 'loading', at: 30_000, label: 'Performance insights loading' },
  { key: 'finalizing', at: 60_000, label: 'Finalizing results' },
];

/** While the actionable insights are pending, counted from the reasoning's arrival. */
export const ACTIONABLE_PHASES: readonly Phase[] = [
  { key: 'extracting', at: 0, label: 'Extracting top actionable insights' },
  { key: 'almost', at: 30_000, label: 'Almost there' },
  { key: 'finalizing', at: 50_000, label: 'Finalizing results' },
  { key: 'refining', at: 70_000, label: 'Preparing & refining' },
];

/** The last phase whose start has passed. */
export function phaseAt(phases: readonly Phase[], elapsedMs: number): Phase {
  let current = phases[0] as Phase;
  for (const phase of phases) if (elapsedMs >= phase.at) current = phase;
  return current;
}
