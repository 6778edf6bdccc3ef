/**
 * The administration calls (spec section 7, Administration and Registrations and editing). Every
 * query hook here asks only when the signed-in user may see the answer (`enabled: isAdmin`, or
 * `isStaff` for the moderation calls of issue 33): a visitor or a signed-in user who opens an admin
 * screen requests nothing (spec section 2, Access control).
 */
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  AdminDashboard,
  AdminReviewWaveList,
  AdminStatus,
  AdminUser,
  FlaggedReview,
  ModerationReasons,
  ModerationSummary,
  Officer,
  OfficerRegistration,
  RegimentRegistration,
  RoleChangeBody,
  RoleChangeResult,
  SuccessMessage,
  WaveDecision,
} from '#core/api';
import { adminApiPaths } from '#core/admin-api-paths';
import { apiPaths, type RegistrationKind } from '#core/api-paths';
import { FRESHNESS } from '#core/constants';
import type { RegistrationAction } from '#core/schemas/registration';
import { invalidateAfterOfficerDeletedByAdmin } from './manage';
import { api } from '#web/lib/api-client';
import { useIsAdmin, useIsStaff } from './auth';
import { officerKeys, officersQueryOptions } from './officers';
import { regimentKeys, regimentsQueryOptions } from './regiments';
import { searchKeys } from './search';
import { invalidateAfterReviewChange } from './reviews';
import { PERSONAL } from './personal';
import { withStepUp } from './step-up';

/** Every admin-only answer is keyed under 'admin', so one invalidation refreshes them all. */
export const adminKeys = {
  all: ['admin'] as const,
  dashboard: () => [...adminKeys.all, 'dashboard'] as const,
  status: () => [...adminKeys.all, 'status'] as const,
  registrations: (kind: RegistrationKind) => [...adminKeys.all, 'registrations', kind] as const,
  users: () => [...adminKeys.all, 'users'] as const,
  flaggedReviews: () => [...adminKeys.all, 'reviews', 'flagged'] as const,
  reviewWaves: () => [...adminKeys.all, 'reviews', 'waves'] as const,
  moderation: () => [...adminKeys.all, 'moderation'] as const,
};

// ---- Queries ----

/** GET /api/admin/dashboard: pending counts and the audit log of administrative actions. */
const adminDashboardQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.dashboard(), queryFn: () => api.get<AdminDashboard>(adminApiPaths.dashboard), ...PERSONAL });

export function useAdminDashboard() {
  return useQuery({ ...adminDashboardQueryOptions(), enabled: useIsAdmin() });
}

/** GET /api/admin/status: checked live by the server at each request, so never served from cache as fresh. */
const adminStatusQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.status(), queryFn: () => api.get<AdminStatus>(adminApiPaths.status), staleTime: 0, ...PERSONAL });

export function useAdminStatus() {
  return useQuery({ ...adminStatusQueryOptions(), enabled: useIsAdmin() });
}

const regimentRegistrationsQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.registrations('regiments'),
    queryFn: () => api.get<RegimentRegistration[]>(adminApiPaths.registrations('regiments')),
    ...PERSONAL,
  });

export function useRegimentRegistrations() {
  return useQuery({ ...regimentRegistrationsQueryOptions(), enabled: useIsAdmin() });
}

const officerRegistrationsQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.registrations('officers'),
    queryFn: () => api.get<OfficerRegistration[]>(adminApiPaths.registrations('officers')),
    ...PERSONAL,
  });

export function useOfficerRegistrations() {
  return useQuery({ ...officerRegistrationsQueryOptions(), enabled: useIsAdmin() });
}

/** GET /api/admin/users; stale after 5 minutes (spec section 9). */
export const adminUsersQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.users(),
    queryFn: () => api.get<AdminUser[]>(adminApiPaths.users),
    staleTime: FRESHNESS.userManagementStale,
    ...PERSONAL,
  });

export function useAdminUsers() {
  return useQuery({ ...adminUsersQueryOptions(), enabled: useIsAdmin() });
}

/** GET /api/admin/reviews/flagged -> {rows}. */
const flaggedReviewsQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.flaggedReviews(),
    queryFn: async () => (await api.get<{ rows: FlaggedReview[] }>(adminApiPaths.flaggedReviews)).rows,
    ...PERSONAL,
  });

export function useFlaggedReviews() {
  return useQuery({ ...flaggedReviewsQueryOptions(), enabled: useIsStaff() });
}

/** GET /api/admin/waves (issue 17): open review waves, then the latest decided. */
const reviewWavesQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.reviewWaves(),
    queryFn: () => api.get<AdminReviewWaveList>(adminApiPaths.waves),
    ...PERSONAL,
  });

export function useReviewWaves() {
  return useQuery({ ...reviewWavesQueryOptions(), enabled: useIsStaff() });
}

/** GET /api/admin/moderation (issue 33): what waits for a moderator, on the moderators' dashboard. */
const moderationSummaryQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.moderation(),
    queryFn: () => api.get<ModerationSummary>(adminApiPaths.summary),
    ...PERSONAL,
  });

export function useModerationSummary() {
  return useQuery({ ...moderationSummaryQueryOptions(), enabled: useIsStaff() });
}

/** The public regiment list, as the admin 'All Regiments' table reads it: only for admins there. */
export function useAdminRegimentList() {
  return useQuery({ ...regimentsQueryOptions(), enabled: useIsAdmin() });
}

/** PUT /api/admin/regiments/{id}/owner (issue 35): a regiment whose owner left gets a new one. */
export function useAssignRegimentOwner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ regimentId, username }: { regimentId: number; username: string }) =>
      api.put<SuccessMessage>(adminApiPaths.regimentOwner(regimentId), { username }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: regimentKeys.all }),
  });
}

/** The public officer list, as the admin 'All Officers' table reads it: only for admins there. */
export function useAdminOfficerList() {
  return useQuery({ ...officersQueryOptions(), enabled: useIsAdmin() });
}

// ---- Review waves ----

/**
 * POST /api/admin/waves/{id}/release or .../remove, or with a `reviewId` the same for one review of
 * the wave (issue 32): the reviews count from now on, or are deleted. The admin lists and everything
 * that shows the officer's reviews and figures are refreshed.
 */
/**
 * `onDecided` runs at the mutation level, before the refresh: a decided review's buttons (and the
 * dialog that asked) leave the page once the refreshed wave lacks it.
 */
export function useDecideReviewWave(onDecided?: (answer: WaveDecision) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      reviewId,
      action,
      reasons,
    }: {
      id: number;
      reviewId?: number;
      officerId: number;
      action: 'release' | 'remove';
      /** A removal's ground and facts, told to each author (issue 33). */
      reasons?: ModerationReasons;
    }) =>
      // A whole wave's removal is a dangerous action (issue 34): it may ask for a second factor first.
      withStepUp(() =>
        api.post<WaveDecision>(
          reviewId === undefined ? adminApiPaths.decideWave(id, action) : adminApiPaths.decideWaveReview(id, reviewId, action),
          reasons,
        ),
      ),
    onSuccess: async (answer, { officerId }) => {
      onDecided?.(answer);
      await Promise.all([invalidateAdminData(queryClient), invalidateAfterReviewChange(queryClient, officerId)]);
    },
  });
}

/**
 * Every admin action writes the audit log and may change the pending counts: the dashboard (and any
 * other admin list) is refreshed after each one.
 */
export function invalidateAdminData(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: adminKeys.all });
}

// ---- Registration decisions ----

interface RegistrationDecisionInput {
  id: number;
  action: RegistrationAction;
  /** Optional administrator notes; null when none were written. */
  notes: string | null;
  /** A rejection's ground and facts (issue 33). */
  reasons?: ModerationReasons | undefined;
}

/**
 * POST /api/admin/registrations/{kind}/{id}/{approve|reject} {notes}. Afterwards the registration
 * lists and the dashboard counts are refreshed; an approval also creates a regiment or an officer,
 * so the lists that show those are refreshed too (an officer changes its regiment's officer count).
 */
export function useDecideRegistration(kind: RegistrationKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, notes, reasons }: RegistrationDecisionInput) =>
      api.post<{ success: true; message: string }>(adminApiPaths.decideRegistration(kind, id, action), { notes, ...reasons }),
    onSuccess: async (_answer, { action }) => {
      const refreshes = [invalidateAdminData(queryClient)];
      if (action === 'approve') {
        refreshes.push(queryClient.invalidateQueries({ queryKey: regimentKeys.all }));
        refreshes.push(queryClient.invalidateQueries({ queryKey: searchKeys.all }));
        if (kind === 'officers') refreshes.push(queryClient.invalidateQueries({ queryKey: officerKeys.all }));
      }
      await Promise.all(refreshes);
    },
  });
}

// ---- Officers ----

/**
 * DELETE /api/admin/officers/{id}: the officer and all its reviews go, after a recent second factor
 * (issue 34's step-up); the caches of spec section 4 refresh (invalidateAfterOfficerDeletedByAdmin),
 * and the admin lists with them.
 */
export function useDeleteOfficerAsAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id }: Pick<Officer, 'id' | 'regimentId'>) => withStepUp(() => api.delete<SuccessMessage>(adminApiPaths.officer(id))),
    onSuccess: async (_answer, { id, regimentId }) => {
      await Promise.all([invalidateAfterOfficerDeletedByAdmin(queryClient, { officerId: id, regimentId }), invalidateAdminData(queryClient)]);
    },
  });
}

// ---- Users ----

/**
 * PATCH /api/admin/users/{id}/ban (with the statement of reasons) or /unban. A ban may ask for a
 * second factor first (issue 34's step-up). The user list and the audit log refresh.
 */
export function useSetUserBan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, isBanned, reasons }: { id: number; isBanned: boolean; reasons?: ModerationReasons }) =>
      withStepUp(() => api.patch<SuccessMessage>(adminApiPaths.userBan(id, isBanned), reasons)),
    onSuccess: () => invalidateAdminData(queryClient),
  });
}

/**
 * PUT /api/admin/users/{id}/role (issue 33): grants or revokes the moderator role, after a recent
 * second factor (issue 34's step-up). The user list refreshes.
 */
export function useSetUserRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, role }: { id: number } & RoleChangeBody) => withStepUp(() => api.put<RoleChangeResult>(adminApiPaths.userRole(id), { role })),
    onSuccess: () => invalidateAdminData(queryClient),
  });
}

/**
 * DELETE /api/admin/users/{id}/second-factor (issue 34, item 6): every factor and recovery code of an
 * account that lost them goes, and it signs in with its password again. The user list refreshes.
 */
export function useResetSecondFactors() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id }: Pick<AdminUser, 'id' | 'username'>) => withStepUp(() => api.delete<SuccessMessage>(adminApiPaths.userSecondFactors(id))),
    onSuccess: () => invalidateAdminData(queryClient),
  });
}

// ---- Review moderation ----

interface ModeratedReview {
  id: number;
  /** The reviewed officer, whose figures and review list change (spec section 4, review change). */
  officerId: number;
}

/** A staff removal says why (issue 33): the ground and facts of its author's statement of reasons. */
interface RemovedReview extends ModeratedReview {
  reasons: ModerationReasons;
}

/** Callbacks that run even when the component that started the call is gone (its review was removed). */
interface ModerationCallbacks {
  onSuccess?: () => void;
  onError?: (error: Error) => void;
}

/**
 * POST /api/admin/reviews/{id}/approve: clears the review's flags. The flagged list and, by the
 * review-change rule of spec section 4, the lists that show the review are refreshed.
 */
export function useApproveFlaggedReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id }: ModeratedReview) => api.post<SuccessMessage>(adminApiPaths.approveReview(id)),
    onSuccess: async (_answer, { officerId }) => {
      await Promise.all([invalidateAdminData(queryClient), invalidateAfterReviewChange(queryClient, officerId)]);
    },
  });
}

/**
 * DELETE /api/reviews/{id}, which staff may call on any review (issue 33: moderators too). `callbacks` run at the mutation
 * level, before the refresh: the card that asked is unmounted once the refreshed list lacks it.
 */
export function useDeleteReviewAsAdmin(callbacks: ModerationCallbacks = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reasons }: RemovedReview) => api.delete<SuccessMessage>(apiPaths.review(id), reasons),
    onSuccess: async (_answer, { officerId }) => {
      callbacks.onSuccess?.();
      await Promise.all([invalidateAdminData(queryClient), invalidateAfterReviewChange(queryClient, officerId)]);
    },
    onError: (error) => callbacks.onError?.(error),
  });
}
