/**
 * Delivers the outbox's rows (outbox.ts) after the writes that made them have committed: woken
 * after each API write, and on a timer for retries and for rows written by other processes. A failed
 * delivery is retried with exponential backoff; it never reaches the write that caused it, which
 * has long answered.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '#server/platform/db/client.js';
import { claimDueRows, completeRow, failRow, releaseRows, type OutboxKind, type OutboxRow } from './outbox.js';

export type Deliverer = (payload: Record<string, unknown>, row: OutboxRow) => Promise<void>;

/**
 * A deliverer's failure that says when to try again, when the receiver said so (Discord's 429
 * `retry_after`), or that trying again is useless (`isFinal`: the receiver refused the payload
 * itself). Any other error is retried with the usual backoff.
 */
export class DeliveryFailure extends Error {
  constructor(
    message: string,
    readonly options: { retryAfterMs?: number; isFinal?: boolean },
  ) {
    super(message);
    this.name = 'DeliveryFailure';
  }
}

export interface OutboxTiming {
  /** How often the worker looks for due rows when nothing woke it. */
  pollMs: number;
  /** The first retry's delay; each later one doubles, up to maxDelayMs. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** After this many attempts a row is set aside (failed_at) and logged as an error. */
  maxAttempts: number;
  /** How long a claimed row is this process's alone: longer than any delivery takes (SMTP times out sooner). */
  leaseMs: number;
}

/** About 34 hours of retries (2 s doubling up to an hour): a mail server down for a day still gets the mail. */
export const DEFAULT_OUTBOX_TIMING: OutboxTiming = { pollMs: 2_000, baseDelayMs: 2_000, maxDelayMs: 3_600_000, maxAttempts: 45, leaseMs: 300_000 };

const BATCH = 20;

/** The delay before attempt `attempts + 1`: base × 2^(attempts − 1), capped, with up to 20% jitter so retries spread out. */
export function retryDelayMs(attempts: number, timing: Pick<OutboxTiming, 'baseDelayMs' | 'maxDelayMs'>, random = Math.random): number {
  const exponential = Math.min(timing.maxDelayMs, timing.baseDelayMs * 2 ** Math.min(30, Math.max(0, attempts - 1)));
  return exponential * (1 + 0.2 * random());
}

export class OutboxWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  constructor(
    private readonly db: Database,
    private readonly deliverers: Readonly<Partial<Record<OutboxKind, Deliverer>>>,
    private readonly log: FastifyBaseLogger,
    private readonly timing: OutboxTiming = DEFAULT_OUTBOX_TIMING,
  ) {}

  start(): void {
    if (this.timer || this.stopped) return;
    this.timer = setInterval(() => this.poke(), this.timing.pollMs);
    // The timer alone never keeps a process (a test, a CLI) alive.
    this.timer.unref();
    this.poke();
  }

  /** Looks for due rows soon; calls made while a round runs ask for one more round. */
  poke(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain().finally(() => {
      this.running = null;
      if (this.again && !this.stopped) {
        this.again = false;
        this.poke();
      }
    });
  }

  /** Delivers every row due now (tests await it; the timer and poke call it in the background). */
  async drain(): Promise<void> {
    try {
      for (;;) {
        if (this.stopped) return;
        const rows = await claimDueRows(this.db, BATCH, this.timing.leaseMs);
        // One lane per kind (issue 37, item 3): a mail server that hangs holds back mail only, never
        // a Discord post, and the other way round.
        const lanes = new Map<string, OutboxRow[]>();
        for (const row of rows) lanes.set(row.kind, [...(lanes.get(row.kind) ?? []), row]);
        await Promise.all([...lanes.values()].map((lane) => this.deliverLane(lane)));
        if (rows.length < BATCH || this.stopped) return;
      }
    } catch (err) {
      // The database itself failed (closing, unreachable): the next round tries again.
      this.log.warn({ err }, 'outbox: could not read the queue');
    }
  }

  /**
   * Resolves once the round in progress (and any round asked for meanwhile) has ended and one more
   * round found nothing left to deliver: a test waits on it, not on a fixed time, before asserting
   * that something was not sent.
   */
  async idle(): Promise<void> {
    await this.roundsEnded();
    await this.drain();
    await this.roundsEnded();
  }

  /** Waits for the round in progress, and for any round it asks for again. */
  private async roundsEnded(): Promise<void> {
    while (this.running) await this.running;
  }

  /**
   * Claims nothing more and lets the round in progress end, for `graceMs` at most (the app's
   * onClose, with the shutdown's drain time): a delivery still at work then is abandoned, and its
   * lease puts the row back for a later attempt, so a mail server that never answers cannot hold
   * up a deploy, and nothing is lost.
   */
  async stop(graceMs = Number.POSITIVE_INFINITY): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    if (!this.running) return;
    let deadline: NodeJS.Timeout | undefined;
    const abandoned = new Promise<void>((resolve) => {
      if (Number.isFinite(graceMs)) deadline = setTimeout(resolve, graceMs);
    });
    await Promise.race([this.running, abandoned]);
    clearTimeout(deadline);
  }

  /** A kind's rows one after the other; once stopping, the rest go back to the queue at once. */
  private async deliverLane(rows: OutboxRow[]): Promise<void> {
    for (const [index, row] of rows.entries()) {
      if (this.stopped) {
        await releaseRows(
          this.db,
          rows.slice(index).map((left) => left.id),
        );
        return;
      }
      await this.deliver(row);
    }
  }

  private async deliver(row: OutboxRow): Promise<void> {
    const deliverer = this.deliverers[row.kind as OutboxKind];
    try {
      if (!deliverer) throw new Error(`no deliverer for outbox kind '${row.kind}'`);
      await deliverer(row.payload, row);
    } catch (err) {
      const told: DeliveryFailure['options'] = err instanceof DeliveryFailure ? err.options : {};
      const isFinal = told.isFinal === true || row.attempts >= this.timing.maxAttempts;
      const message = err instanceof Error ? err.message : String(err);
      if (isFinal) this.log.error({ err, outboxId: row.id, kind: row.kind, attempts: row.attempts }, 'outbox: delivery given up');
      else this.log.warn({ outboxId: row.id, kind: row.kind, attempts: row.attempts, error: message }, 'outbox: delivery failed, will retry');
      await failRow(this.db, row.id, message, told.retryAfterMs ?? retryDelayMs(row.attempts, this.timing), isFinal);
      return;
    }
    await completeRow(this.db, row.id);
  }
}
