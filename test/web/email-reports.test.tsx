// @vitest-environment jsdom

import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { EmailReportPrefs } from '../../src/shared/api/email-reports';
import { EmailReportsSection } from '../../src/web/features/settings/components/email-reports-section';
import { createQueryClient } from '../../src/web/lib/query-client';
import { json, stubFetch, undoEdgeStubs } from '../helpers/network-edge';

const TOKEN = 'test-token';

afterEach(() => {
  cleanup();
  undoEdgeStubs();
});

// The network edge: ARLO's email report routes, answered as the server does.
function stubApi(options: { testDigest?: () => Response } = {}) {
  let prefs: EmailReportPrefs = {
    digest: false,
    alerts: false,
    timeZone: null,
    effectiveTimeZone: 'America/New_York',
  };
  const stub = stubFetch(({ url, method, body }) => {
    if (url === '/api/email-reports' && method === 'GET') return json(prefs);
    if (url === '/api/email-reports' && method === 'PUT') {
      const change = body as Partial<EmailReportPrefs>;
      prefs = { ...prefs, ...change };
      prefs.effectiveTimeZone = prefs.timeZone ?? prefs.effectiveTimeZone;
      return json(prefs);
    }
    if (url === '/api/email-reports/test-digest' && method === 'POST')
      return (
        options.testDigest?.() ?? json({ success: true, message: 'Test digest sent to ann@example.com.' })
      );
    return json({ message: `No stub for ${method} ${url}`, code: 'NOT_FOUND' }, 404);
  });
  return stub;
}

function renderSection() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <EmailReportsSection token={TOKEN} />
    </QueryClientProvider>,
  );
}

describe('Settings → Data and Dev Tools → Email reports', () => {
  it('shows both reports off, and turning the digest on sends this browser’s time zone', async () => {
    const { callsTo } = stubApi();
    renderSection();
    const digest = await screen.findByRole('switch', { name: 'Weekly digest' });
    const alerts = screen.getByRole('switch', { name: 'Anomaly alerts' });
    await waitFor(() => expect((digest as HTMLButtonElement).disabled).toBe(false));
    expect(digest.getAttribute('aria-checked')).toBe('false');
    expect(alerts.getAttribute('aria-checked')).toBe('false');
    expect(screen.getByText(/Monday from 08:00 \(America\/New_York\)/)).toBeTruthy();

    fireEvent.click(digest);
    await waitFor(() => expect(digest.getAttribute('aria-checked')).toBe('true'));
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(callsTo('/api/email-reports', 'PUT').map((call) => call.body)).toEqual([
      { digest: true, timeZone: zone },
    ]);
    expect(callsTo('/api/email-reports', 'PUT')[0]?.auth).toBe(`Bearer ${TOKEN}`);
    expect(
      await screen.findByText(new RegExp(`Monday from 08:00 \\(${zone.replace('/', '\\/')}\\)`)),
    ).toBeTruthy();

    fireEvent.click(alerts);
    await waitFor(() => expect(alerts.getAttribute('aria-checked')).toBe('true'));
    fireEvent.click(alerts);
    await waitFor(() => expect(alerts.getAttribute('aria-checked')).toBe('false'));
    // Turning off sends no zone: only an opt-in says where the reader is.
    expect(callsTo('/api/email-reports', 'PUT').at(-1)?.body).toEqual({ alerts: false });
  });

  it('sends a test digest and says where it went', async () => {
    const { callsTo } = stubApi();
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Send me a test digest' }));
    expect((await screen.findByRole('status')).textContent).toBe('Test digest sent to ann@example.com.');
    expect(callsTo('/api/email-reports/test-digest', 'POST')).toHaveLength(1);
  });

  it('shows the server’s reason when the test digest cannot be sent', async () => {
    stubApi({
      testDigest: () =>
        json(
          { code: 'RATE_LIMITED', message: 'You can send 5 test digests an hour. Please try again later.' },
          429,
        ),
    });
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Send me a test digest' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'You can send 5 test digests an hour. Please try again later.',
    );
  });
});
