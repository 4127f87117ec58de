import { type RefObject, useCallback, useEffect, useLayoutEffect, useRef } from 'react';

/** Room left above an answer's first line when it is scrolled to the top. */
const TOP_MARGIN_PX = 16;

/**
 * Where the message area scrolls as a conversation grows. A new question (or notice) goes to the
 * bottom, so it and the progress show. A new answer is followed down only until its first line
 * reaches the top: the reader starts reading it there, and is not yanked to the end while it types
 * in. Once the reader scrolls by hand, the view is theirs until the next message.
 *
 * `lastKey` changes when a message is added; `lastIsAnswer` says whether that message is an answer.
 * While `active` is false (a past conversation is shown instead) nothing moves: that one opens at
 * its top.
 */
export function useAnswerScroll(
  scroller: RefObject<HTMLElement | null>,
  content: RefObject<HTMLElement | null>,
  lastKey: string | undefined,
  lastIsAnswer: boolean,
  active: boolean,
) {
  const anchored = useRef(false);
  const released = useRef(false);

  const settle = useCallback(() => {
    const area = scroller.current;
    if (!area || released.current || !active) return;
    const bottom = area.scrollHeight - area.clientHeight;
    if (!anchored.current) {
      area.scrollTop = bottom;
      return;
    }
    const answer = area.querySelector('[aria-label="Messages"] > li:last-child');
    if (!answer) return;
    const top =
      answer.getBoundingClientRect().top - area.getBoundingClientRect().top + area.scrollTop - TOP_MARGIN_PX;
    const target = Math.min(top, bottom);
    if (target > area.scrollTop) area.scrollTop = target;
  }, [scroller, active]);

  // A new message: where to follow it.
  useLayoutEffect(() => {
    if (lastKey === undefined) return;
    anchored.current = lastIsAnswer;
    released.current = false;
    settle();
  }, [lastKey, lastIsAnswer, settle]);

  // The message grows (streaming, typing in, a chart drawing, Related showing up).
  useEffect(() => {
    const inner = content.current;
    if (!inner || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => settle());
    observer.observe(inner);
    return () => observer.disconnect();
  }, [content, settle]);

  // The reader takes over by scrolling themselves.
  useEffect(() => {
    const area = scroller.current;
    if (!area) return;
    const release = () => {
      released.current = true;
    };
    area.addEventListener('wheel', release, { passive: true });
    area.addEventListener('touchmove', release, { passive: true });
    return () => {
      area.removeEventListener('wheel', release);
      area.removeEventListener('touchmove', release);
    };
  }, [scroller]);

  // Opening a past conversation starts at its top; coming back goes to the end of the current one.
  useLayoutEffect(() => {
    const area = scroller.current;
    if (!area) return;
    if (!active) {
      area.scrollTop = 0;
      return;
    }
    anchored.current = false;
    released.current = false;
    area.scrollTop = area.scrollHeight;
  }, [active, scroller]);
}
