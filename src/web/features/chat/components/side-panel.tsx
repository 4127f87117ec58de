import { FileText, MessageSquare, PanelLeft, Plus } from 'lucide-react';
import { type PointerEvent, type TouchEvent, useEffect, useRef } from 'react';
import type { SessionSummary } from '../../../../shared/api/chat';
import { REPORT_PROMPTS } from '../lib/messages';
import type { SidePanelState } from '../lib/use-side-panel';

const item =
  'flex w-full items-center gap-2 rounded-lg px-2 py-1.5 text-left text-sm text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-500 disabled:cursor-not-allowed disabled:opacity-50 dark:text-slate-300 dark:hover:bg-slate-800';
const current = 'bg-indigo-50 font-medium text-indigo-700 dark:bg-indigo-950 dark:text-indigo-200';
const heading = 'px-2 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400';

/** A leftward drag longer than this closes the drawer. */
export const SWIPE_CLOSE_PX = 50;

/**
 * The left side panel. On a desktop it is a rail that opens on hover (or with its button, for
 * keyboard and touch); on a phone it is a drawer over the page with a backdrop, closed by its
 * button, the backdrop, Escape, a swipe to the left, or picking something in it.
 * Projects: New Chat, Current chat and the scrolling Recent chats; Prompts: the reports.
 */
export function SidePanel({
  panel,
  sessions,
  loading,
  viewingId,
  onNewChat,
  onCurrent,
  onOpenPast,
  onPrompt,
  promptsDisabled,
}: {
  panel: SidePanelState;
  sessions: readonly SessionSummary[];
  loading: boolean;
  viewingId: string | null;
  onNewChat: () => void;
  onCurrent: () => void;
  onOpenPast: (session: SessionSummary) => void;
  onPrompt: (prompt: string) => void;
  promptsDisabled: boolean;
}) {
  const { desktop, open, modal } = panel;
  const nav = useRef<HTMLElement>(null);
  const toggleButton = useRef<HTMLButtonElement>(null);
  const firstItem = useRef<HTMLButtonElement>(null);
  const openedByToggle = useRef(false);
  const swipe = useRef<{ x: number; y: number } | null>(null);
  const swiped = useRef(false);

  /** Closes, and gives focus back to the toggle when it was inside the panel (or lost with it). */
  const close = () => {
    const active = document.activeElement;
    panel.close();
    if (!active || active === document.body || nav.current?.contains(active)) toggleButton.current?.focus();
  };

  useEffect(() => {
    if (open && openedByToggle.current) firstItem.current?.focus();
    openedByToggle.current = false;
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  });

  /** On a phone, picking something is done with the drawer; the desktop rail stays while hovered. */
  const pick = (action: () => void) => () => {
    action();
    if (!desktop) close();
  };

  // A finger is followed by touch events: browsers cancel its pointer events as soon as it moves.
  const swipeStart = (x: number, y: number) => {
    swiped.current = false;
    swipe.current = modal ? { x, y } : null;
  };
  const swipeEnd = (x: number, y: number) => {
    const start = swipe.current;
    swipe.current = null;
    if (!start) return;
    const dx = x - start.x;
    const dy = y - start.y;
    if (dx < -SWIPE_CLOSE_PX && Math.abs(dy) < Math.abs(dx)) {
      // A mouse drag that ends on the button it began on would also click it: that click is dropped.
      swiped.current = true;
      close();
    }
  };
  const onPointerDown = (event: PointerEvent) => {
    if (event.pointerType !== 'touch') swipeStart(event.clientX, event.clientY);
  };
  const onPointerUp = (event: PointerEvent) => {
    if (event.pointerType !== 'touch') swipeEnd(event.clientX, event.clientY);
  };
  const onTouchStart = (event: TouchEvent) => {
    const touch = event.touches[0];
    if (touch && event.touches.length === 1) swipeStart(touch.clientX, touch.clientY);
  };
  const onTouchEnd = (event: TouchEvent) => {
    const touch = event.changedTouches[0];
    if (touch) swipeEnd(touch.clientX, touch.clientY);
  };

  return (
    <>
      {modal ? (
        // The backdrop is for pointers; keyboard users have Escape and the toggle.
        <div
          aria-hidden="true"
          data-testid="drawer-backdrop"
          onClick={close}
          className="fixed inset-0 z-30 bg-slate-900/50 dark:bg-black/60"
        />
      ) : null}
      <nav
        ref={nav}
        aria-label="Chats"
        onMouseEnter={() => desktop && panel.setHovered(true)}
        onMouseLeave={() => desktop && panel.setHovered(false)}
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onTouchStart={onTouchStart}
        onTouchEnd={onTouchEnd}
        onTouchCancel={() => {
          swipe.current = null;
        }}
        onClickCapture={(event) => {
          if (!swiped.current) return;
          swiped.current = false;
          event.preventDefault();
          event.stopPropagation();
        }}
        className={`fixed top-0 left-0 z-40 flex touch-pan-y flex-col md:bottom-0 md:border-r md:border-slate-200 md:bg-white md:transition-[width] md:dark:border-slate-800 md:dark:bg-slate-900 ${
          open
            ? 'bottom-0 w-72 border-r border-slate-200 bg-white shadow-lg dark:border-slate-800 dark:bg-slate-900'
            : 'md:w-12'
        }`}
      >
        <div className="flex h-14 shrink-0 items-center px-1.5">
          <button
            ref={toggleButton}
            type="button"
            aria-expanded={open}
            aria-label={open ? 'Close chats panel' : 'Open chats panel'}
            onClick={() => {
              // Open only by the hover of the pointer now clicking: pin it rather than close it.
              if (open && !panel.pinned) return panel.toggle();
              openedByToggle.current = !open;
              if (open) close();
              else panel.toggle();
            }}
            className="rounded-md p-2 text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-slate-300 dark:hover:bg-slate-800"
          >
            <PanelLeft aria-hidden="true" size={20} />
          </button>
        </div>
        {open ? (
          <div className="flex-1 space-y-6 overflow-y-auto overscroll-contain px-3 pb-4">
            <section aria-labelledby="chat-panel-projects" className="space-y-1">
              <h2 id="chat-panel-projects" className={heading}>
                Projects
              </h2>
              <button ref={firstItem} type="button" className={item} onClick={pick(onNewChat)}>
                <Plus aria-hidden="true" size={16} /> New Chat
              </button>
              <button
                type="button"
                className={`${item} ${viewingId === null ? current : ''}`}
                aria-current={viewingId === null ? 'page' : undefined}
                onClick={pick(onCurrent)}
              >
                <MessageSquare aria-hidden="true" size={16} /> Current chat
              </button>
              <h3
                id="chat-panel-recent"
                className="px-2 pt-2 text-xs font-medium text-slate-600 dark:text-slate-400"
              >
                Recent chats
              </h3>
              <ul aria-labelledby="chat-panel-recent" className="max-h-48 space-y-0.5 overflow-y-auto">
                {sessions.length === 0 ? (
                  <li className="px-2 py-1 text-sm text-slate-500 dark:text-slate-400">
                    {loading ? 'Loading…' : 'No recent chats'}
                  </li>
                ) : (
                  sessions.map((session) => (
                    <li key={session.sessionId}>
                      <button
                        type="button"
                        title={session.title}
                        className={`${item} ${viewingId === session.sessionId ? current : ''}`}
                        aria-current={viewingId === session.sessionId ? 'page' : undefined}
                        onClick={pick(() => onOpenPast(session))}
                      >
                        <span className="truncate">{session.title}</span>
                      </button>
                    </li>
                  ))
                )}
              </ul>
            </section>
            <section aria-labelledby="chat-panel-prompts" className="space-y-1">
              <h2 id="chat-panel-prompts" className={heading}>
                Prompts
              </h2>
              {REPORT_PROMPTS.map(({ label, prompt }) => (
                <button
                  key={label}
                  type="button"
                  className={item}
                  disabled={promptsDisabled}
                  onClick={pick(() => onPrompt(prompt))}
                >
                  <FileText aria-hidden="true" size={16} /> {label}
                </button>
              ))}
            </section>
          </div>
        ) : null}
      </nav>
    </>
  );
}
