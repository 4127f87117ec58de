// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionSummary } from '../../src/shared/api/chat';
import { SidePanel } from '../../src/web/features/chat/components/side-panel';
import { useSidePanel } from '../../src/web/features/chat/lib/use-side-panel';

const PAST: SessionSummary = {
  sessionId: '33333333-3333-4333-8333-333333333333',
  title: 'Spend last week',
  createdAt: '2026-11-20T00:00:00Z',
  updatedAt: '2026-11-20T00:00:00Z',
};

/** The panel beside a page, as the chat screen lays them out. */
function Screen({ picked }: { picked: string[] }) {
  const panel = useSidePanel();
  return (
    <>
      <SidePanel
        panel={panel}
        sessions={[PAST]}
        loading={false}
        viewingId={null}
        onNewChat={() => picked.push('new chat')}
        onCurrent={() => picked.push('current')}
        onOpenPast={(session) => picked.push(session.title)}
        onPrompt={(prompt) => picked.push(prompt)}
        promptsDisabled={false}
      />
      <div data-testid="page" inert={panel.modal}>
        <button type="button">Send</button>
      </div>
    </>
  );
}

/** A screen `width` px wide, as matchMedia reports it for the panel's breakpoint (48rem = 768 px). */
function screenWidth(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === '(min-width: 48rem)' ? width >= 768 : false,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

const nav = () => screen.getByRole('navigation', { name: 'Chats' });
const toggle = () => within(nav()).getByRole('button', { name: /chats panel$/ });
const isOpen = () => toggle().getAttribute('aria-expanded') === 'true';
const backdrop = () => document.querySelector<HTMLElement>('div[aria-hidden="true"]');
const page = () => screen.getByTestId('page');

function renderScreen() {
  const picked: string[] = [];
  render(<Screen picked={picked} />);
  return picked;
}

function openDrawer() {
  fireEvent.click(toggle());
  expect(isOpen()).toBe(true);
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the chats panel on a phone (390 px): a drawer', () => {
  beforeEach(() => screenWidth(390));

  it('opens by its toggle with a backdrop, takes focus in, makes the page inert, and closes by the toggle', () => {
    renderScreen();
    expect(isOpen()).toBe(false);
    expect(backdrop()).toBeNull();
    expect(within(nav()).queryByRole('button', { name: 'New Chat' })).toBeNull();

    openDrawer();
    expect(toggle().getAttribute('aria-label')).toBe('Close chats panel');
    expect(backdrop()).not.toBeNull();
    expect(document.activeElement).toBe(within(nav()).getByRole('button', { name: 'New Chat' }));
    expect(page().hasAttribute('inert')).toBe(true);

    fireEvent.click(toggle());
    expect(isOpen()).toBe(false);
    expect(backdrop()).toBeNull();
    expect(page().hasAttribute('inert')).toBe(false);
    expect(document.activeElement).toBe(toggle());
  });

  it('closes when the backdrop is tapped', () => {
    renderScreen();
    openDrawer();
    fireEvent.click(backdrop() as HTMLElement);
    expect(isOpen()).toBe(false);
    expect(document.activeElement).toBe(toggle());
  });

  it('closes on Escape', () => {
    renderScreen();
    openDrawer();
    fireEvent.keyDown(document.activeElement as Element, { key: 'Escape' });
    expect(isOpen()).toBe(false);
    expect(document.activeElement).toBe(toggle());
  });

  it('closes after picking a chat, a prompt or New Chat, and does what was picked', () => {
    const picked = renderScreen();
    openDrawer();
    fireEvent.click(within(nav()).getByRole('button', { name: 'Spend last week' }));
    expect(isOpen()).toBe(false);
    openDrawer();
    fireEvent.click(within(nav()).getByRole('button', { name: 'Performance prompt' }));
    expect(isOpen()).toBe(false);
    openDrawer();
    fireEvent.click(within(nav()).getByRole('button', { name: 'New Chat' }));
    expect(isOpen()).toBe(false);
    expect(picked).toHaveLength(3);
    expect(picked[0]).toBe('Spend last week');
    expect(picked[2]).toBe('new chat');
  });

  it('closes on a swipe to the left, but not on a short or mostly vertical drag', () => {
    const picked = renderScreen();
    openDrawer();
    const item = within(nav()).getByRole('button', { name: 'Spend last week' });
    fireEvent.pointerDown(item, { clientX: 200, clientY: 300, pointerId: 1 });
    fireEvent.pointerUp(item, { clientX: 170, clientY: 300, pointerId: 1 });
    expect(isOpen()).toBe(true);
    fireEvent.pointerDown(item, { clientX: 200, clientY: 300, pointerId: 1 });
    fireEvent.pointerUp(item, { clientX: 140, clientY: 400, pointerId: 1 });
    expect(isOpen()).toBe(true);

    fireEvent.pointerDown(item, { clientX: 200, clientY: 300, pointerId: 1 });
    fireEvent.pointerUp(item, { clientX: 120, clientY: 310, pointerId: 1 });
    // A mouse drag ending on the item it began on clicks it too: the swipe must not open the chat.
    fireEvent.click(item);
    expect(isOpen()).toBe(false);
    expect(picked).toEqual([]);
  });

  it('closes when a finger swipes it to the left', () => {
    renderScreen();
    openDrawer();
    const item = within(nav()).getByRole('button', { name: 'Performance prompt' });
    fireEvent.touchStart(item, { touches: [{ clientX: 240, clientY: 500 }] });
    fireEvent.touchEnd(item, { touches: [], changedTouches: [{ clientX: 215, clientY: 500 }] });
    expect(isOpen()).toBe(true);
    fireEvent.touchStart(item, { touches: [{ clientX: 240, clientY: 500 }] });
    fireEvent.touchEnd(item, { touches: [], changedTouches: [{ clientX: 110, clientY: 506 }] });
    expect(isOpen()).toBe(false);
  });

  it('ignores hovering: a tap also sends mouse events, and the drawer must still close', () => {
    renderScreen();
    fireEvent.mouseEnter(nav());
    expect(isOpen()).toBe(false);
    openDrawer();
    fireEvent.click(toggle());
    expect(isOpen()).toBe(false);
  });
});

describe('the chats panel on a desktop (1440 px): a rail', () => {
  beforeEach(() => screenWidth(1440));

  it('opens on hover without a backdrop or an inert page, and Escape closes it', () => {
    renderScreen();
    fireEvent.mouseEnter(nav());
    expect(isOpen()).toBe(true);
    expect(backdrop()).toBeNull();
    expect(page().hasAttribute('inert')).toBe(false);
    act(() => {
      fireEvent.keyDown(document.body, { key: 'Escape' });
    });
    expect(isOpen()).toBe(false);
  });

  it('stays open after a pick while hovered, and closes when the pointer leaves', () => {
    const picked = renderScreen();
    fireEvent.mouseEnter(nav());
    fireEvent.click(within(nav()).getByRole('button', { name: 'Spend last week' }));
    expect(picked).toEqual(['Spend last week']);
    expect(isOpen()).toBe(true);
    fireEvent.mouseLeave(nav());
    expect(isOpen()).toBe(false);
  });

  it('a click on its toggle while hovered keeps it open (pinned), and a second click closes it', () => {
    renderScreen();
    fireEvent.mouseEnter(nav());
    expect(isOpen()).toBe(true);
    fireEvent.click(toggle());
    expect(isOpen()).toBe(true);
    fireEvent.mouseLeave(nav());
    expect(isOpen()).toBe(true);
    fireEvent.mouseEnter(nav());
    fireEvent.click(toggle());
    expect(isOpen()).toBe(false);
  });

  it('its toggle opens it for the keyboard, focus inside, and closes it again', () => {
    renderScreen();
    openDrawer();
    expect(document.activeElement).toBe(within(nav()).getByRole('button', { name: 'New Chat' }));
    fireEvent.click(toggle());
    expect(isOpen()).toBe(false);
    expect(document.activeElement).toBe(toggle());
  });
});
