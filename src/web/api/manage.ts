/**
 * Editing and deleting officers and regiments after they exist (spec sections 4, 6 and 7,
 * Registrations and editing). What each change refreshes is one named function per case (spec
 * section 4, Cache refresh after changes), so the pages and their tests agree on it.
 *
 * After a delete the page leaves for /, so the deleted thing's own queries are only marked stale
 * (`refetchType: 'none'`): refetching them now would ask for something that is gone, and a visit
 * later asks again and shows its not-found screen.
 */
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Officer, Regiment, RegimentDeleted, SuccessMessage } from '#core/api';
import { adminApiPaths } from '#core/admin-api-paths';
import { apiPaths } from '#core/api-paths';
import { manageApiPaths } from '#core/manage-api-paths';
import type { OfficerManagerRole } from '#core/permissions';
import type { OfficerEditBody, RegimentEditBody } from '#core/schemas/manage';
import { api } from '#web/lib/api-client';
import { authKeys } from './auth';
import { officerKeys, officerQueryOptions } from './officers';
import { regimentKeys, regimentQueryOptions } from './regiments';
import { searchKeys } from './search';
import { reviewKeys } from './reviews';
import { withStepUp } from './step-up';

// ---- Cache refreshes ----

interface OfficerChange {
  officerId: number;
  /** The regiment before and after the edit (the same one twice when it did not move). */
  regimentIds: readonly number[];
}

/**
 * Spec section 4: an officer change refreshes the regiment's officer list and detail and the top
 * officers; for a move, both regiments'. Also the full officer list, whose rows show the name, rank
 * and regiment. The officer's own detail is set from the answer by the mutation, not refetched.
 */
export async function invalidateAfterOfficerChange(queryClient: QueryClient, { regimentIds }: OfficerChange): Promise<void> {
  const regiments = [...new Set(regimentIds)];
  await Promise.all([
    ...regiments.flatMap((regimentId) => [
      queryClient.invalidateQueries({ queryKey: officerKeys.ofRegiment(regimentId) }),
      queryClient.invalidateQueries({ queryKey: regimentKeys.detail(regimentId), exact: true }),
    ]),
    queryClient.invalidateQueries({ queryKey: officerKeys.top() }),
    queryClient.invalidateQueries({ queryKey: officerKeys.list(), exact: true }),
    queryClient.invalidateQueries({ queryKey: searchKeys.all }),
  ]);
}

interface DeletedOfficer {
  officerId: number;
  regimentId: number;
}

/**
 * Spec section 4: deleting an officer as admin refreshes regiment {id}, officers of the regiment,
 * officers, top officers, recent reviews and regiments (the list and the per-side lists, whose
 * figures change). The officer's own page and reviews are only marked stale.
 */
export async function invalidateAfterOfficerDeletedByAdmin(queryClient: QueryClient, { officerId, regimentId }: DeletedOfficer): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: officerKeys.detail(officerId), exact: true, refetchType: 'none' }),
    queryClient.invalidateQueries({ queryKey: reviewKeys.ofOfficer(officerId), refetchType: 'none' }),
    queryClient.invalidateQueries({ queryKey: regimentKeys.detail(regimentId), exact: true }),
    queryClient.invalidateQueries({ queryKey: officerKeys.ofRegiment(regimentId) }),
    queryClient.invalidateQueries({ queryKey: officerKeys.list(), exact: true }),
    queryClient.invalidateQueries({ queryKey: officerKeys.top() }),
    queryClient.invalidateQueries({ queryKey: reviewKeys.recent() }),
    queryClient.invalidateQueries({ queryKey: regimentKeys.list(), exact: true }),
    queryClient.invalidateQueries({ queryKey: regimentKeys.featured(), exact: true }),
    queryClient.invalidateQueries({ queryKey: searchKeys.all }),
    queryClient.invalidateQueries({ queryKey: regimentKeys.bySide() }),
  ]);
}

/**
 * The owner's self-delete removes the same things as an admin's delete (spec section 4, Officer
 * deletion), and the account is unlinked from the officer: the auth status (officerId) is asked again.
 */
export async function invalidateAfterOwnOfficerProfileDeleted(queryClient: QueryClient, deleted: DeletedOfficer): Promise<void> {
  await Promise.all([invalidateAfterOfficerDeletedByAdmin(queryClient, deleted), queryClient.invalidateQueries({ queryKey: authKeys.status() })]);
}

/**
 * Spec section 4: a regiment change refreshes the side's regiment list. Also the full list and the
 * owner's list (they show the name) and the regiment's officers (their cards show it). The regiment's
 * own detail is set from the answer by the mutation.
 */
export async function invalidateAfterRegimentChange(queryClient: QueryClient, regiment: Pick<Regiment, 'id' | 'sideId'>): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: regimentKeys.ofSide(regiment.sideId) }),
    queryClient.invalidateQueries({ queryKey: regimentKeys.list(), exact: true }),
    queryClient.invalidateQueries({ queryKey: regimentKeys.featured(), exact: true }),
    queryClient.invalidateQueries({ queryKey: searchKeys.all }),
    queryClient.invalidateQueries({ queryKey: regimentKeys.owned() }),
    queryClient.invalidateQueries({ queryKey: officerKeys.ofRegiment(regiment.id) }),
  ]);
}

/**
 * A regiment delete takes its officers and all their reviews with it
 * (docs/decisions/0006-deleting-officers-and-regiments.md), so every cached officer and review is
 * marked stale; the lists Home shows, the regiment lists and the auth status (an account linked to
 * one of its officers is unlinked) are asked again.
 */
export async function invalidateAfterRegimentDeleted(queryClient: QueryClient, regiment: Pick<Regiment, 'id' | 'sideId'>): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: officerKeys.all, refetchType: 'none' }),
    queryClient.invalidateQueries({ queryKey: reviewKeys.all, refetchType: 'none' }),
    queryClient.invalidateQueries({ queryKey: regimentKeys.detail(regiment.id), exact: true, refetchType: 'none' }),
    queryClient.invalidateQueries({ queryKey: officerKeys.list(), exact: true }),
    queryClient.invalidateQueries({ queryKey: officerKeys.top() }),
    queryClient.invalidateQueries({ queryKey: reviewKeys.recent() }),
    queryClient.invalidateQueries({ queryKey: regimentKeys.list(), exact: true }),
    queryClient.invalidateQueries({ queryKey: regimentKeys.featured(), exact: true }),
    queryClient.invalidateQueries({ queryKey: searchKeys.all }),
    queryClient.invalidateQueries({ queryKey: regimentKeys.ofSide(regiment.sideId) }),
    queryClient.invalidateQueries({ queryKey: regimentKeys.owned() }),
    queryClient.invalidateQueries({ queryKey: authKeys.status() }),
  ]);
}

// ---- Officers ----

interface UpdateOfficerInput {
  officer: Pick<Officer, 'id' | 'regimentId'>;
  role: OfficerManagerRole;
  body: OfficerEditBody;
}

/** PATCH /api/officers/{id}/edit (owner) or PATCH /api/admin/officers/{id} (admin) {name, rank, profileImageUrl, regimentId}. */
export function useUpdateOfficer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ officer, role, body }: UpdateOfficerInput) =>
      api.patch<Officer>(role === 'admin' ? adminApiPaths.officer(officer.id) : manageApiPaths.officerEdit(officer.id), body),
    onSuccess: (updated, { officer }) => {
      // The edit answers the officer without its distribution, which an edit does not change.
      queryClient.setQueryData(officerQueryOptions(officer.id).queryKey, (shown) => (shown ? { ...shown, ...updated } : shown));
      return invalidateAfterOfficerChange(queryClient, { officerId: officer.id, regimentIds: [officer.regimentId, updated.regimentId] });
    },
  });
}

interface DeleteOfficerInput {
  officer: Pick<Officer, 'id' | 'regimentId'>;
  role: OfficerManagerRole;
}

/** DELETE /api/admin/officers/{id} (admin) or DELETE /api/officers/{id} (the owner's self-delete). */
export function useDeleteOfficer() {
  const queryClient = useQueryClient();
  return useMutation({
    // An admin's delete is a dangerous action (issue 34): it may ask for a second factor first.
    mutationFn: ({ officer, role }: DeleteOfficerInput) =>
      role === 'admin'
        ? withStepUp(() => api.delete<SuccessMessage>(adminApiPaths.officer(officer.id)))
        : api.delete<SuccessMessage>(apiPaths.officer(officer.id)),
    onSuccess: (_answer, { officer, role }) => {
      const deleted = { officerId: officer.id, regimentId: officer.regimentId };
      return role === 'admin'
        ? invalidateAfterOfficerDeletedByAdmin(queryClient, deleted)
        : invalidateAfterOwnOfficerProfileDeleted(queryClient, deleted);
    },
  });
}

// ---- Regiments ----

interface UpdateRegimentInput {
  regiment: Pick<Regiment, 'id' | 'sideId'>;
  body: RegimentEditBody;
}

/** PATCH /api/regiments/{id}/edit {name, description, bannerImageUrl, iconImageUrl}: the owner or an admin. */
export function useUpdateRegiment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ regiment, body }: UpdateRegimentInput) => api.patch<Regiment>(manageApiPaths.regimentEdit(regiment.id), body),
    onSuccess: (updated, { regiment }) => {
      queryClient.setQueryData(regimentQueryOptions(regiment.id).queryKey, updated);
      return invalidateAfterRegimentChange(queryClient, regiment);
    },
  });
}

/** DELETE /api/admin/regiments/{id}: admins only, after a recent second factor (issue 34's step-up). */
export function useDeleteRegiment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ regiment }: { regiment: Pick<Regiment, 'id' | 'sideId'> }) =>
      withStepUp(() => api.delete<RegimentDeleted>(adminApiPaths.regiment(regiment.id))),
    onSuccess: (_answer, { regiment }) => invalidateAfterRegimentDeleted(queryClient, regiment),
  });
}
