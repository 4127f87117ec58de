import { connectDemoAccounts } from './ad-accounts';
import { type BrowserApp, startBrowserApp } from './browser';
import { type SmtpSink, startSmtpSink } from './smtp-sink';
import { signUpUser, userIdOf } from './users';

/** The app in Chromium with its mail sink, and one user who connected the demo ad accounts. */
export interface ChatUserApp extends BrowserApp {
  sink: SmtpSink;
  token: string;
  userId: string;
}

/**
 * Starts the app and Chromium, signs `email` up through the API and connects the demo accounts
 * (the permissions screen has its own browser test). With `sync`, the first sync runs before it
 * returns, for tests that ask; without it, for tests that only reopen answers they saved.
 */
export async function startChatUserApp(email: string, { sync = true } = {}): Promise<ChatUserApp> {
  const sink = await startSmtpSink();
  let web: BrowserApp | undefined;
  try {
    web = await startBrowserApp({ SMTP_URL: sink.url });
    const token = await connectDemoAccounts(web.t.app, await signUpUser(web.t.app, sink, email));
    if (sync) await web.t.app.meta.sync.runDue();
    const close = web.close;
    return {
      ...web,
      sink,
      token,
      userId: userIdOf(token),
      close: async () => {
        await close();
        await sink.close();
      },
    };
  } catch (error) {
    await web?.close();
    await sink.close();
    throw error;
  }
}
