import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { OwnedRegiment, officerRegistrationSubmittedSchema, regimentRegistrationSubmittedSchema } from '#core/api';
import { manageApiPaths } from '#core/manage-api-paths';
import { FRESHNESS } from '#core/constants';
import type { officerRegistrationBodySchema, regimentRegistrationBodySchema } from '#core/schemas/registration';
import { api } from '#web/lib/api-client';
import { regimentKeys } from './regiments';
import { PERSONAL } from './personal';

type RegimentRegistrationSubmitted = z.infer<typeof regimentRegistrationSubmittedSchema>;
type OfficerRegistrationSubmitted = z.infer<typeof officerRegistrationSubmittedSchema>;

/** What the server accepts (the forms send their parsed values plus the user id). */
type RegimentRegistrationRequest = z.input<typeof regimentRegistrationBodySchema>;
type OfficerRegistrationRequest = z.input<typeof officerRegistrationBodySchema>;

/**
 * POST /api/regiments/register {name, description, sideId, userId, bannerImageUrl, iconImageUrl}.
 * The request waits for an admin, so nothing the user can see changes yet: no cache is refreshed.
 */
export function useSubmitRegimentRegistration() {
  return useMutation({
    mutationFn: (body: RegimentRegistrationRequest) => api.post<RegimentRegistrationSubmitted>(manageApiPaths.regimentRegistration, body),
  });
}

/** POST /api/officers/register {name, rank, regimentId, userId, profileImageUrl}. */
export function useSubmitOfficerRegistration() {
  return useMutation({
    mutationFn: (body: OfficerRegistrationRequest) => api.post<OfficerRegistrationSubmitted>(manageApiPaths.officerRegistration, body),
  });
}

/**
 * GET /api/users/me/regiments/owned -> [{id, name}]: the regiments the signed-in user registered.
 * The key carries the user (the list is personal) and sits under 'regiments', so a regiment change
 * can refresh it with the other regiment lists.
 */
const ownedRegimentsQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: regimentKeys.ownedBy(userId),
    queryFn: () => api.get<OwnedRegiment[]>(manageApiPaths.myOwnedRegiments),
    staleTime: FRESHNESS.regiments,
    ...PERSONAL,
  });

/** The signed-in user's own regiments; nothing is asked without a user. */
export function useOwnedRegiments(userId: number | null) {
  return useQuery({ ...ownedRegimentsQueryOptions(userId ?? 0), enabled: userId !== null });
}
