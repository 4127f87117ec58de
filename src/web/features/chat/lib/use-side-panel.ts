import { useCallback, useState } from 'react';
import { useMediaQuery } from '../../../lib/use-media-query';

/** Tailwind's md breakpoint: below it the chats panel is a drawer over the page. */
export const DESKTOP_QUERY = '(min-width: 48rem)';

export interface SidePanelState {
  /** At md and up: a rail that opens on hover. Below: a drawer with a backdrop. */
  desktop: boolean;
  open: boolean;
  /** Opened by its toggle (it stays open when the pointer leaves), not only by hover. */
  pinned: boolean;
  /** The drawer is open over a phone's page: the page behind it is inert. */
  modal: boolean;
  setHovered: (hovered: boolean) => void;
  toggle: () => void;
  close: () => void;
}

/** The chats panel's open state: pinned by its toggle, or hovered on a desktop. */
export function useSidePanel(): SidePanelState {
  // Without matchMedia (tests) the screen is taken for a desktop: the rail that opens on hover.
  const desktop = useMediaQuery(DESKTOP_QUERY, true);
  const [pinned, setPinned] = useState(false);
  const [hovered, setHoveredState] = useState(false);
  const open = pinned || (desktop && hovered);
  // A tap on a phone also sends mouse events; hovering means nothing there.
  const setHovered = useCallback((value: boolean) => setHoveredState(value), []);
  // On a desktop the pointer crosses the rail to reach the toggle, and its hover has already
  // opened it: that click pins the panel open instead of closing it, whether or not the hover
  // has rendered yet. A click on a pinned panel closes it, pointer or not.
  const toggle = useCallback(() => {
    setPinned((value) => !value);
    setHoveredState(false);
  }, []);
  const close = useCallback(() => {
    setPinned(false);
    setHoveredState(false);
  }, []);
  return { desktop, open, pinned, modal: open && !desktop, setHovered, toggle, close };
}
