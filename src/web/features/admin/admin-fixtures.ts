/** Builders for the API answers the admin screens read, shaped like src/core/api.ts. Test-only. */
import { within } from '@testing-library/react';
import type {
  AdminActivity,
  AdminDashboard,
  AdminStatus,
  AdminUser,
  AuthStatus,
  FlaggedReview,
  Officer,
  OfficerRegistration,
  RankedRegiment,
  RegimentRegistration,
} from '#core/api';
import { SIGNED_OUT, makeOfficer, makeRankedRegiment, signedInStatus } from '#web/test/fixtures';

export { findToast, makeReview as review } from '#web/test/fixtures';

/** Signed in as user 1 ('meade'), an admin unless told otherwise. */
function signedInAs({ isAdmin }: { isAdmin: boolean }): AuthStatus {
  return signedInStatus({ isAdmin });
}

export const ADMIN = signedInAs({ isAdmin: true });
export const NON_ADMIN = signedInAs({ isAdmin: false });
/** A moderator (issue 33): the moderation screens, none of the admins'. */
export const MODERATOR = signedInStatus({ role: 'moderator', isAdmin: false });
export const VISITOR = SIGNED_OUT;

export function regimentRegistration(id: number, overrides: Partial<RegimentRegistration> = {}): RegimentRegistration {
  return {
    id,
    userId: 20 + id,
    name: `Regiment request ${id}`,
    description: null,
    sideId: 1,
    sideName: 'Union',
    status: 'pending',
    createdAt: '2025-03-02T12:00:00.000Z',
    updatedAt: '2025-03-02T12:00:00.000Z',
    notes: null,
    bannerImageUrl: null,
    iconImageUrl: null,
    submitterUsername: `requester${id}`,
    ...overrides,
  };
}

export function officerRegistration(id: number, overrides: Partial<OfficerRegistration> = {}): OfficerRegistration {
  return {
    id,
    userId: 30 + id,
    name: `Officer request ${id}`,
    rank: 'Captain',
    regimentId: 3,
    regimentName: '5th Wisconsin',
    status: 'pending',
    createdAt: '2025-03-02T12:00:00.000Z',
    updatedAt: '2025-03-02T12:00:00.000Z',
    notes: null,
    proofUrl: null,
    profileImageUrl: null,
    submitterUsername: `player${id}`,
    ...overrides,
  };
}

/** A regiment as GET /api/regiments lists it. */
export function regiment(id: number, overrides: Partial<RankedRegiment> = {}): RankedRegiment {
  return makeRankedRegiment({ id, name: `Regiment ${id}`, ...overrides });
}

export function officer(id: number, overrides: Partial<Officer> = {}): Officer {
  return makeOfficer({ id, name: `Officer ${id}`, ...overrides });
}

export function adminUser(id: number, overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    id,
    username: `user${id}`,
    email: `user${id}@example.com`,
    role: overrides.isAdmin ? 'admin' : 'user',
    isAdmin: false,
    isOfficer: false,
    officerId: null,
    isBanned: false,
    ...overrides,
  };
}

export function flaggedReview(id: number, overrides: Partial<FlaggedReview> = {}): FlaggedReview {
  return {
    id,
    text: `Flagged review ${id} text.`,
    leadership: 2,
    tactics: 2,
    communication: 2,
    fairness: 2,
    overallRating: 2,
    createdAt: '2025-03-02T12:00:00.000Z',
    officerId: 7,
    officerName: 'Winfield Hancock',
    reviewerUsername: `reviewer${id}`,
    reviewerSteamId: null,
    reviewerId: 100 + id,
    flagCount: 1,
    flags: [{ id: id * 10, reason: 'Insulting language here', createdAt: '2025-03-03T12:00:00.000Z' }],
    target: 'review',
    reply: null,
    replyAuthor: null,
    ...overrides,
  };
}

export function activity(id: number, overrides: Partial<AdminActivity> = {}): AdminActivity {
  return {
    id,
    action: 'user.ban',
    targetType: 'user',
    targetId: 4,
    summary: "Banned user 'Deserter'",
    createdAt: '2025-04-10T14:05:00.000Z',
    adminUsername: 'meade',
    ...overrides,
  };
}

export function dashboard(overrides: Partial<AdminDashboard> = {}): AdminDashboard {
  return { pendingRegimentRegistrations: 0, pendingOfficerRegistrations: 0, openReviewWaves: 0, recentActivity: [], ...overrides };
}

export function systemStatus(overrides: Partial<AdminStatus> = {}): AdminStatus {
  return {
    database: { ok: true, latencyMs: 1.5 },
    steam: { openIdUrl: 'https://steamcommunity.com/openid/login', apiConfigured: true, fake: false },
    identityProvider: 'built-in',
    serverTime: '2025-04-10T14:30:00.000Z',
    ...overrides,
  };
}

/** The header cells of a table, as text. */
export function columnsOf(table: HTMLElement): string[] {
  return within(table)
    .getAllByRole('columnheader')
    .map((cell) => cell.textContent ?? '');
}

/** The body rows of a table (the header row left out). */
export function bodyRowsOf(table: HTMLElement): HTMLElement[] {
  return within(table).getAllByRole('row').slice(1);
}

/** The row of a table whose row header is `name`. */
export function rowNamed(table: HTMLElement, name: string | RegExp): HTMLElement {
  return within(table).getByRole('rowheader', { name }).closest('tr')!;
}

/** Calls that read admin-only data or feed an admin table: none may be made for a non-admin. */
export function adminDataCalls(calls: Array<{ url: string }>): string[] {
  return calls.map((call) => call.url).filter((url) => url.startsWith('/api/admin') || url === '/api/regiments' || url === '/api/officers');
}

/** The statement of reasons a staff dialog asks for (issue 33), as staff fill it in; returns the body it sends. */
export const STATEMENT = { ground: 'harassment', facts: 'Called the officer a coward by name.' } as const;

export async function fillStatement(
  user: { selectOptions: (element: Element, values: string) => Promise<void>; type: (element: Element, text: string) => Promise<void> },
  dialog: HTMLElement,
) {
  await user.selectOptions(within(dialog).getByLabelText('Ground'), STATEMENT.ground);
  await user.type(within(dialog).getByLabelText('Facts'), STATEMENT.facts);
}
