import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema';
import { artifactsDir, type BrowserApp, logInToChat } from '../helpers/browser';
import { startSyncedBrowserApp } from '../helpers/chat-user';
import { hasChromium } from '../helpers/environment';
import { poolEmail, SYNCED_SETUP_MS, syncedUser } from '../helpers/synced-template';
import { bearer } from '../helpers/users';

const WAIT = { timeout: 20_000 };
// Two of the synced template's pre-connected users.
const BOB = { pool: 0, email: poolEmail(0), name: 'Bob' };
const MALLORY = { pool: 1, email: poolEmail(1), name: 'Mallory' };

/**
 * A link carrying another user's session (`/?token=…&userInfo=…`, or a hand-off code) while
 * someone is signed in: the page asks before switching, shows who each one is, and never shows
 * the name the link claims.
 */
describe.skipIf(!hasChromium)('session hand-off in the address, in Chromium', () => {
  let web: BrowserApp;
  let browser: Browser;
  let baseUrl: string;
  let malloryToken: string;

  beforeAll(async () => {
    web = await startSyncedBrowserApp();
    ({ browser, baseUrl } = web);
    // Two marketers who finished signup (Facebook connected: pre-connected users of the synced
    // template), each with a name.
    for (const person of [BOB, MALLORY]) {
      const { token } = await syncedUser(web.t, person.pool);
      await web.t.testDatabase.database.db
        .update(users)
        .set({ name: person.name })
        .where(eq(users.email, person.email));
      if (person === MALLORY) malloryToken = token;
    }
  }, SYNCED_SETUP_MS);
  afterAll(async () => {
    await web?.close();
  });

  /** A link as an attacker would write it: Mallory's token, with userInfo claiming to be Bob. */
  const forgedLink = () =>
    `${baseUrl}/?token=${encodeURIComponent(malloryToken)}&userInfo=${encodeURIComponent(
      JSON.stringify({ uid: BOB.email, name: BOB.name }),
    )}`;

  /** Whom the stored session belongs to, as the server says. */
  const signedInAs = (page: Page) =>
    page.evaluate(async () => {
      const response = await fetch('/auth/user/status', {
        headers: { authorization: `Bearer ${localStorage.getItem('token')}` },
      });
      return ((await response.json()) as { user: { uid: string } }).user.uid;
    });

  /** The chat names who is signed in inside its user menu: opened to read it, then closed. */
  async function chatShowsUser(page: Page, name: string) {
    await page.getByRole('button', { name: 'User menu' }).click(WAIT);
    await page.getByText(`Signed in as ${name}`, { exact: true }).waitFor(WAIT);
    await page.keyboard.press('Escape');
  }
  const shot = (page: Page, name: string) =>
    page.screenshot({ path: path.join(artifactsDir, `session-handoff-${name}.png`) }).catch(() => {});

  async function bobOpensForgedLink(): Promise<Page> {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await logInToChat(page, baseUrl, BOB.email);
    await page.goto(forgedLink());
    const dialog = page.getByRole('dialog', { name: 'Switch account?' });
    await dialog.waitFor(WAIT);
    expect(await dialog.textContent()).toContain(
      `You are signed in as ${BOB.email}. This link signs you in as ${MALLORY.email}.`,
    );
    // The token left the address as soon as the page read it.
    expect(page.url()).toBe(`${baseUrl}/`);
    return page;
  }

  it('asks Bob before switching to the link\'s user, and "Stay" keeps Bob', async () => {
    const page = await bobOpensForgedLink();
    try {
      await shot(page, 'question');
      await page.getByRole('button', { name: `Stay as ${BOB.email}` }).click();
      await page.getByRole('heading', { name: 'How can I help you today?' }).waitFor(WAIT);
      await chatShowsUser(page, BOB.name);
      expect(await signedInAs(page)).toBe(BOB.email);
      expect(page.url()).toBe(`${baseUrl}/`);
      // A reload does not ask again: nothing of the link is left.
      await page.reload();
      await chatShowsUser(page, BOB.name);
      expect(await page.getByRole('dialog').count()).toBe(0);
    } finally {
      await page.close();
    }
  });

  it('"Switch" signs in as the user the token belongs to', async () => {
    const page = await bobOpensForgedLink();
    try {
      await page.getByRole('button', { name: `Switch to ${MALLORY.email}` }).click();
      await chatShowsUser(page, MALLORY.name);
      expect(await signedInAs(page)).toBe(MALLORY.email);
      expect(await page.evaluate(() => JSON.parse(localStorage.getItem('userInfo') ?? '{}'))).toEqual({
        uid: MALLORY.email,
        name: MALLORY.name,
      });
      await shot(page, 'switched');
    } finally {
      await page.close();
    }
  });

  it("with nobody signed in, takes the link silently as the token's user and never shows the forged name", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    try {
      await page.goto(forgedLink());
      await chatShowsUser(page, MALLORY.name);
      expect(await page.getByRole('dialog').count()).toBe(0);
      expect(page.url()).toBe(`${baseUrl}/`);
      expect(await signedInAs(page)).toBe(MALLORY.email);
      expect(await page.locator('body').textContent()).not.toContain(BOB.name);
      expect(await page.evaluate(() => localStorage.getItem('userInfo'))).not.toContain(BOB.email);
    } finally {
      await page.close();
    }
  });

  it("asks as well for another user's one-time hand-off code", async () => {
    const made = await web.t.app.inject({
      method: 'POST',
      url: '/auth/handoff',
      headers: bearer(malloryToken),
    });
    expect(made.statusCode, made.body).toBe(200);
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    try {
      await logInToChat(page, baseUrl, BOB.email);
      await page.goto(`${baseUrl}/?handoff=${made.json().code}`);
      const dialog = page.getByRole('dialog', { name: 'Switch account?' });
      await dialog.waitFor(WAIT);
      expect(await dialog.textContent()).toContain(`This link signs you in as ${MALLORY.email}.`);
      expect(page.url()).toBe(`${baseUrl}/`);
      await page.getByRole('button', { name: `Stay as ${BOB.email}` }).click();
      await chatShowsUser(page, BOB.name);
      expect(await signedInAs(page)).toBe(BOB.email);
    } finally {
      await page.close();
    }
  });
});
