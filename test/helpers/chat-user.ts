import { expectSyncedAccounts } from './ad-accounts';
import { type BrowserApp, startBrowserApp } from './browser';
import { type SmtpSink, startSmtpSink } from './smtp-sink';
import { createSyncedTestDatabase, SYNCED_APP_ENV, syncedUser } from './synced-template';

/** The app in Chromium with its mail sink, and one user who connected the demo ad accounts. */
export interface ChatUserApp extends BrowserApp {
  sink: SmtpSink;
  /** The user's address; they sign in with it and the test password. */
  email: string;
  token: string;
  userId: string;
}

/**
 * The app in Chromium, with its mail sink, on a clone of the synced template (see
 * synced-template.ts): its pre-connected users have the demo accounts synced already, so a file
 * that asks does not wait for a backfill. The sync and connect screens have tests of their own.
 */
export async function startSyncedBrowserApp(): Promise<BrowserApp & { sink: SmtpSink }> {
  const sink = await startSmtpSink();
  try {
    const web = await startBrowserApp(
      { SMTP_URL: sink.url, ...SYNCED_APP_ENV },
      await createSyncedTestDatabase(),
    );
    const close = web.close;
    return {
      ...web,
      sink,
      close: async () => {
        await close();
        await sink.close();
      },
    };
  } catch (error) {
    await sink.close();
    throw error;
  }
}

/**
 * Starts the app and Chromium with a user whose demo accounts are connected and synced: a
 * pre-connected user of the synced template (the permissions screen has its own browser test).
 */
export async function startSyncedChatUserApp(): Promise<ChatUserApp> {
  const web = await startSyncedBrowserApp();
  try {
    const user = await syncedUser(web.t, 0);
    await expectSyncedAccounts(web.t.app, user.token);
    return { ...web, email: user.email, token: user.token, userId: user.id };
  } catch (error) {
    await web.close();
    throw error;
  }
}
