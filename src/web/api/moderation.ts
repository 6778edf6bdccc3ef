/**
 * Due process (issue 33): the user's standing and appeals, the public moderation log and
 * transparency report, and the staff's appeals, suspensions and cases.
 */
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminAppeal,
  Appeal,
  AppealDecisionBody,
  CaseDetail,
  ModerationLog,
  Standing,
  SuspensionBody,
  SuspensionResult,
  TransparencyReport,
} from '#core/api';
import { adminApiPaths } from '#core/admin-api-paths';
import { moderationPaths as paths, type CaseType } from '#core/moderation';
import { api } from '#web/lib/api-client';
import { adminKeys, invalidateAdminData } from './admin';
import { authStatusQueryOptions, useIsStaff } from './auth';
import { PERSONAL } from './personal';
import { reviewKeys } from './reviews';
import { officerKeys } from './officers';

const moderationKeys = {
  standingOf: (userId: number) => ['standing', userId] as const,
  log: (page: number) => ['moderation', 'log', page] as const,
  transparency: (month: string) => ['moderation', 'transparency', month] as const,
  appeals: () => [...adminKeys.all, 'appeals'] as const,
  caseOf: (type: CaseType, id: number) => [...adminKeys.all, 'case', type, id] as const,
};

export function useStanding(userId: number) {
  return useQuery({
    queryKey: moderationKeys.standingOf(userId),
    queryFn: () => api.get<Standing>(paths.standing),
    ...PERSONAL,
  });
}

/**
 * POST /api/appeals: the standing and the auth status (its restriction says 'appealed') are asked
 * again. `onSent` runs first: the form that sent it is gone once the standing is refreshed.
 */
export function useSubmitAppeal(userId: number, onSent?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { actionId: number; text: string }) => api.post<{ message: string; appeal: Appeal }>(paths.appeals, body),
    onSuccess: async () => {
      onSent?.();
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: moderationKeys.standingOf(userId) }),
        queryClient.invalidateQueries({ queryKey: authStatusQueryOptions().queryKey }),
      ]);
    },
  });
}

export function useModerationLog(page: number) {
  return useQuery({
    queryKey: moderationKeys.log(page),
    queryFn: () => api.get<ModerationLog>(paths.log(page)),
    placeholderData: keepPreviousData,
  });
}

export const transparencyQueryOptions = (month: string) =>
  queryOptions({ queryKey: moderationKeys.transparency(month), queryFn: () => api.get<TransparencyReport>(paths.transparency(month)) });

export function useTransparencyReport(month: string) {
  return useQuery({ ...transparencyQueryOptions(month), placeholderData: keepPreviousData });
}

// ---- Staff ----

export function useAppeals() {
  return useQuery({
    queryKey: moderationKeys.appeals(),
    queryFn: async () => (await api.get<{ appeals: AdminAppeal[] }>(adminApiPaths.appeals)).appeals,
    enabled: useIsStaff(),
    ...PERSONAL,
  });
}

/**
 * POST /api/admin/appeals/{id}/decide. A reversal may put a review back: the admin lists and the
 * review lists of the officer are asked again (the server forgets every public answer). `onDecided`
 * runs first: the buttons that decided leave the page once the appeal is no longer open.
 */
export function useDecideAppeal(onDecided?: (message: string) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: number } & AppealDecisionBody) =>
      api.post<{ message: string; appeal: Appeal }>(adminApiPaths.decideAppeal(id), body),
    onSuccess: async (answer) => {
      onDecided?.(answer.message);
      await Promise.all([
        invalidateAdminData(queryClient),
        queryClient.invalidateQueries({ queryKey: reviewKeys.all }),
        queryClient.invalidateQueries({ queryKey: officerKeys.all }),
      ]);
    },
  });
}

/** PATCH /api/admin/users/{id}/suspend (issue 33): a moderator's suspension, with its reasons. */
export function useSuspendUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: number } & SuspensionBody) => api.patch<SuspensionResult>(adminApiPaths.suspend(id), body),
    onSuccess: () => invalidateAdminData(queryClient),
  });
}

export function useCase(type: CaseType, id: number, enabled: boolean) {
  return useQuery({
    queryKey: moderationKeys.caseOf(type, id),
    queryFn: () => api.get<CaseDetail>(adminApiPaths.caseOf(type, id)),
    enabled: useIsStaff() && enabled,
    ...PERSONAL,
  });
}

export function useAddCaseNote(type: CaseType, id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => api.post<CaseDetail>(adminApiPaths.caseNotes(type, id), { text }),
    onSuccess: (detail) => queryClient.setQueryData(moderationKeys.caseOf(type, id), detail),
  });
}

export function useAssignCase(type: CaseType, id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (assigneeId: number | null) => api.put<CaseDetail>(adminApiPaths.caseAssignment(type, id), { assigneeId }),
    onSuccess: async (detail) => {
      queryClient.setQueryData(moderationKeys.caseOf(type, id), detail);
      await invalidateAdminData(queryClient);
    },
  });
}
