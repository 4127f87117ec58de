import type { AssistantEntry } from '../lib/conversation';
import { ACTIONABLE_PHASES, phaseAt, REASONING_PHASES } from '../lib/progress';
import { ContentRenderer } from './content/content-renderer';
import { contentToText } from './content/content-text';
import { CopyButton } from './content/copy-button';
import { ReasoningDisclosure } from './content/reasoning-disclosure';
import { FeedbackButtons } from './feedback-buttons';
import { PhaseLabel } from './phase-label';

/** The label of the part still pending, or null when nothing is. */
export function pendingLabel(entry: AssistantEntry, now: number): string | null {
  if (!entry.streaming) return null;
  if (!entry.reasoning && entry.analyticsAt !== undefined)
    return phaseAt(REASONING_PHASES, now - entry.analyticsAt).label;
  if (entry.reasoning && !entry.actionable_insights && entry.reasoningAt !== undefined)
    return phaseAt(ACTIONABLE_PHASES, now - entry.reasoningAt).label;
  return null;
}

/**
 * An assistant answer: analytics first (the headline figure and its table, with the error and
 * settings sections when present), what it covers in one line with how it was computed folded
 * away, then actionable insights, then copy and feedback buttons.
 */
export function AssistantMessage({ entry, now }: { entry: AssistantEntry; now: number }) {
  const parts = [entry.analytics, entry.error, entry.settings, entry.reasoning, entry.actionable_insights];
  const waiting = pendingLabel(entry, now);
  const label = entry.report?.title ? `Report section: ${entry.report.title}` : 'Assistant message';
  return (
    <article
      aria-label={label}
      data-report-order={entry.report?.order}
      className="w-full min-w-0 space-y-4 rounded-2xl bg-white p-4 ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
    >
      {/* The page has one h1; each answer opens a level under it, so its section titles (h3) never skip one. */}
      <h2 className="sr-only">{label}</h2>
      {entry.report?.question ? (
        <p className="text-xs text-slate-600 wrap-anywhere dark:text-slate-400">{entry.report.question}</p>
      ) : null}
      {entry.analytics ? <ContentRenderer item={entry.analytics} reveal={entry.live} /> : null}
      {entry.error ? <ContentRenderer item={entry.error} reveal={entry.live} /> : null}
      {entry.settings ? <ContentRenderer item={entry.settings} reveal={entry.live} /> : null}
      {entry.reasoning ? <ReasoningDisclosure item={entry.reasoning} reveal={entry.live} /> : null}
      {entry.actionable_insights ? (
        <ContentRenderer item={entry.actionable_insights} reveal={entry.live} />
      ) : null}
      {waiting ? <PhaseLabel label={waiting} /> : null}
      {entry.streaming ? null : (
        <footer className="flex items-center justify-between gap-2 border-t border-slate-100 pt-2 dark:border-slate-800">
          <CopyButton text={() => contentToText(parts)} />
          <FeedbackButtons />
        </footer>
      )}
    </article>
  );
}
