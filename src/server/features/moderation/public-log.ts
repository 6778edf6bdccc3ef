/**
 * The open moderation log and the monthly transparency report (issue 33, item 6): both read the
 * statements of reasons and the flags, nothing else, so the report is a recount of the log. The log
 * names the kind, ground, date, whether automated, the acting role and whether appealed and
 * reversed; never the user affected, the facts, the subject or any review text.
 */
import { and, count, desc, eq, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { ModerationLog, TransparencyReport } from '#core/api.js';
import { queryRows, type Executor } from '#server/platform/db/client.js';
import { appeals, moderationActions, reviewFlags } from '#server/platform/db/schema.js';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

export const LOG_PAGE_SIZE = 50;

export async function readModerationLog(db: Executor, page: number): Promise<ModerationLog> {
  const [total] = await db.select({ n: count() }).from(moderationActions);
  const rows = await db
    .select({
      id: moderationActions.id,
      kind: moderationActions.kind,
      ground: moderationActions.ground,
      createdAt: moderationActions.createdAt,
      automated: moderationActions.automated,
      actorRole: moderationActions.actorRole,
      appealed: sql<boolean>`${appeals.id} is not null`,
      reversed: sql<boolean>`${moderationActions.reversedAt} is not null`,
    })
    .from(moderationActions)
    .leftJoin(appeals, eq(appeals.actionId, moderationActions.id))
    .orderBy(desc(moderationActions.createdAt), desc(moderationActions.id))
    .limit(LOG_PAGE_SIZE)
    .offset((page - 1) * LOG_PAGE_SIZE);
  const n = total?.n ?? 0;
  return {
    entries: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    page,
    totalPages: Math.max(1, Math.ceil(n / LOG_PAGE_SIZE)),
    total: n,
  };
}

/** The UTC month `YYYY-MM` as [start, end). */
export function monthRange(month: string): [Date, Date] {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return [new Date(Date.UTC(year, monthNumber - 1, 1)), new Date(Date.UTC(year, monthNumber, 1))];
}

export async function readTransparencyReport(db: Executor, month: string): Promise<TransparencyReport> {
  const [from, to] = monthRange(month);
  const inMonth = (column: AnyPgColumn) => and(gte(column, from), lt(column, to));

  const actions = await db
    .select({ kind: moderationActions.kind, ground: moderationActions.ground, count: count() })
    .from(moderationActions)
    .where(inMonth(moderationActions.createdAt))
    .groupBy(moderationActions.kind, moderationActions.ground)
    .orderBy(moderationActions.kind, moderationActions.ground);
  const [automated] = await db
    .select({ n: count() })
    .from(moderationActions)
    .where(and(inMonth(moderationActions.createdAt), eq(moderationActions.automated, true)));

  const [received] = await db.select({ n: count() }).from(reviewFlags).where(inMonth(reviewFlags.createdAt));
  const [decided] = await queryRows<{ n: number; median_hours: number | null }>(
    db,
    sql`select count(*)::int as n,
          percentile_cont(0.5) within group (order by extract(epoch from (decided_at - created_at)) / 3600) as median_hours
        from review_flags
        where decided_at >= ${from.toISOString()}::timestamptz and decided_at < ${to.toISOString()}::timestamptz
          -- Decided by staff: kept (approved) or removed with what they flagged (upheld).
          and status in ('approved', 'upheld')`,
  );

  const [appealsReceived] = await db.select({ n: count() }).from(appeals).where(inMonth(appeals.createdAt));
  const decidedAppeals = await db
    .select({ status: appeals.status, n: count() })
    .from(appeals)
    .where(
      and(isNotNull(appeals.decidedAt), gte(appeals.decidedAt, from), lt(appeals.decidedAt, to), inArray(appeals.status, ['upheld', 'reversed'])),
    )
    .groupBy(appeals.status);
  const appealsDecided = decidedAppeals.reduce((sum, row) => sum + row.n, 0);

  const median = decided?.median_hours;
  return {
    month,
    actions,
    automatedActions: automated?.n ?? 0,
    flags: {
      received: received?.n ?? 0,
      decided: Number(decided?.n ?? 0),
      medianHoursToDecision: median === null || median === undefined ? null : Math.round(Number(median) * 10) / 10,
    },
    appeals: {
      received: appealsReceived?.n ?? 0,
      decided: appealsDecided,
      reversed: decidedAppeals.find((row) => row.status === 'reversed')?.n ?? 0,
    },
  };
}
