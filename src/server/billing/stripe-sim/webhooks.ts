import { createHmac } from 'node:crypto';
import { newId } from './ids';
import type { SignedEvent, SimEvent, SimObject } from './types';

export const API_VERSION = '2026-10-28.endive';

/** Stripe's `Stripe-Signature` header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.payload">`. */
export function signatureHeader(payload: string, secret: string, timestamp: number): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

export class WebhookDeliveryError extends Error {
  readonly failures: { event: SimEvent; error: unknown }[];

  constructor(failures: { event: SimEvent; error: unknown }[]) {
    const list = failures.map(({ event, error }) => `${event.type} (${event.id}): ${String(error)}`);
    super(`Webhook delivery failed: ${list.join('; ')}`, { cause: failures[0]?.error });
    this.name = 'WebhookDeliveryError';
    this.failures = failures;
  }
}

export interface OutboxOptions {
  secret: string;
  deliver: (payload: string, header: string) => Promise<void>;
  /** Real time in ms: signatures must match the receiver's clock even when the simulator's jumped ahead. */
  now: () => number;
}

/**
 * The event log and its webhook deliveries. Deliveries run one at a time in the order the events
 * happened, so a receiver never sees `customer.subscription.deleted` before the `created`.
 */
export class Outbox {
  private readonly log: SimEvent[] = [];
  private tail: Promise<unknown> = Promise.resolve();
  /** Failures of background deliveries, reported by the next flush. */
  private unreported: { event: SimEvent; error: unknown }[] = [];

  constructor(private readonly options: OutboxOptions) {}

  /** Records an event with a snapshot of the object as it is now. */
  record(
    type: string,
    object: SimObject,
    created: number,
    previous?: Record<string, unknown>,
    request: SimEvent['request'] = { id: null, idempotency_key: null },
  ): SimEvent {
    const event: SimEvent = {
      id: newId('evt', 24),
      object: 'event',
      api_version: API_VERSION,
      created,
      type,
      livemode: false,
      pending_webhooks: 1,
      request,
      data: previous
        ? { object: structuredClone(object), previous_attributes: structuredClone(previous) }
        : { object: structuredClone(object) },
    };
    this.log.push(event);
    return event;
  }

  all(): SimEvent[] {
    return structuredClone(this.log);
  }

  find(id: string): SimEvent | undefined {
    return this.log.find((event) => event.id === id);
  }

  /** Stripe sends events pretty-printed; receivers must verify the raw bytes, not re-serialised JSON. */
  sign(event: SimEvent): SignedEvent {
    const payload = JSON.stringify(event, null, 2);
    const timestamp = Math.floor(this.options.now() / 1000);
    return { payload, header: signatureHeader(payload, this.options.secret, timestamp) };
  }

  /** Delivers after everything queued before; tries every event, then rejects if any failed. */
  deliver(events: SimEvent[]): Promise<void> {
    const run = this.tail.then(async () => {
      const failures: { event: SimEvent; error: unknown }[] = [];
      for (const event of events) {
        const { payload, header } = this.sign(event);
        try {
          await this.options.deliver(payload, header);
        } catch (error) {
          failures.push({ event, error });
        }
      }
      if (failures.length > 0) throw new WebhookDeliveryError(failures);
    });
    this.tail = run.catch(() => undefined);
    return run;
  }

  /** As Stripe does for API calls: the response does not wait for the webhooks. */
  deliverInBackground(events: SimEvent[]): void {
    if (events.length === 0) return;
    this.deliver(events).catch((error: unknown) => {
      if (error instanceof WebhookDeliveryError) this.unreported.push(...error.failures);
      else this.unreported.push({ event: events[0] as SimEvent, error });
    });
  }

  async flush(): Promise<void> {
    // Deliveries queued while waiting extend the tail; wait until it stops moving.
    let tail: Promise<unknown>;
    do {
      tail = this.tail;
      await tail;
    } while (tail !== this.tail);
    // One more turn lets the background catch handlers record their failures.
    await Promise.resolve();
    const failures = this.unreported;
    this.unreported = [];
    if (failures.length > 0) throw new WebhookDeliveryError(failures);
  }
}
