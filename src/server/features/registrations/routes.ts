/**
 * Registration requests (spec section 7, Registrations and Administration): users submit them, admins
 * list and decide them. The admin endpoints live here with full paths (the /api prefix comes from
 * app.ts) so the whole life of a request is one feature.
 */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  officerRegistrationDecisionSchema,
  officerRegistrationSchema,
  officerRegistrationSubmittedSchema,
  ownedRegimentSchema,
  regimentRegistrationDecisionSchema,
  regimentRegistrationSchema,
  regimentRegistrationSubmittedSchema,
} from '#core/api.js';
import { MSG } from '#core/messages.js';
import { myRegistrationsSchema } from '#core/schemas/notifications.js';
import {
  officerRegistrationBodySchema,
  REGISTRATION_ACTIONS,
  regimentRegistrationBodySchema,
  registrationDecisionBodySchema,
  type RegistrationDecisionBody,
} from '#core/schemas/registration.js';
import { idParam } from '#server/platform/http/params.js';
import type { App } from '#server/platform/types.js';
import { requireActiveUser, requireAdmin, requireUser } from '#server/domain/identity/guards.js';
import { decideOfficerRegistration, decideRegimentRegistration, type RegistrationDecisionInput } from './decide-registration.js';
import { listMyRegistrations, listOfficerRegistrations, listOwnedRegiments, listRegimentRegistrations } from './queries.js';
import { submitOfficerRegistration, submitRegimentRegistration } from './submit-registration.js';

const decisionParamsSchema = z.object({
  id: idParam,
  action: z.enum(REGISTRATION_ACTIONS, { error: MSG.validation.registrationAction }),
});

/**
 * The guards also run before validation, so a visitor or non-admin is refused (401/403) whatever the
 * body or path holds, and learns nothing about the rules. Handlers call them again for the user.
 */
const signedIn = {
  preValidation: async (request: FastifyRequest) => {
    requireUser(request);
  },
};
const adminOnly = {
  preValidation: async (request: FastifyRequest) => {
    requireAdmin(request);
  },
};

export async function registrationRoutes(app: App) {
  const { db } = app;

  app.post(
    '/regiments/register',
    // A pending registration shows in no public answer until it is approved.
    {
      ...signedIn,
      config: { invalidates: 'none' },
      schema: { body: regimentRegistrationBodySchema, response: { 201: regimentRegistrationSubmittedSchema } },
    },
    async (request, reply) => {
      const user = requireActiveUser(request);
      const registration = await submitRegimentRegistration(db, user, request.body);
      return reply.code(201).send({ success: true, message: MSG.registrations.regimentSubmitted, registration });
    },
  );

  app.post(
    '/officers/register',
    {
      ...signedIn,
      config: { invalidates: 'none' },
      schema: { body: officerRegistrationBodySchema, response: { 201: officerRegistrationSubmittedSchema } },
    },
    async (request, reply) => {
      const user = requireActiveUser(request);
      const registration = await submitOfficerRegistration(db, user, request.body);
      return reply.code(201).send({ success: true, message: MSG.registrations.officerSubmitted, registration });
    },
  );

  app.get(
    '/users/me/regiments/owned',
    { ...signedIn, config: { cache: 'private' }, schema: { response: { 200: z.array(ownedRegimentSchema) } } },
    async (request) => {
      const user = requireUser(request);
      return listOwnedRegiments(db, user.id);
    },
  );

  app.get(
    '/registrations/mine',
    { ...signedIn, config: { cache: 'private' }, schema: { response: { 200: myRegistrationsSchema } } },
    async (request) => {
      const user = requireUser(request);
      return { registrations: await listMyRegistrations(db, user.id) };
    },
  );

  app.get(
    '/admin/registrations/regiments',
    { ...adminOnly, config: { cache: 'private' }, schema: { response: { 200: z.array(regimentRegistrationSchema) } } },
    async (request) => {
      requireAdmin(request);
      return listRegimentRegistrations(db);
    },
  );

  app.get(
    '/admin/registrations/officers',
    { ...adminOnly, config: { cache: 'private' }, schema: { response: { 200: z.array(officerRegistrationSchema) } } },
    async (request) => {
      requireAdmin(request);
      return listOfficerRegistrations(db);
    },
  );

  const decisionInput = (body: RegistrationDecisionBody): RegistrationDecisionInput => ({
    notes: body?.notes ?? null,
    reasons: { ground: body?.ground, facts: body?.facts },
    appealWindowDays: app.config.appealWindowDays,
  });

  app.post(
    '/admin/registrations/regiments/:id/:action',
    {
      ...adminOnly,
      // An approval adds a regiment or officer to every list: every public answer is forgotten.
      config: { invalidates: 'all' },
      schema: { params: decisionParamsSchema, body: registrationDecisionBodySchema, response: { 200: regimentRegistrationDecisionSchema } },
    },
    async (request) => {
      const admin = requireAdmin(request);
      const { id, action } = request.params;
      const decision = await decideRegimentRegistration(db, admin, id, action, decisionInput(request.body));
      return { success: true as const, ...decision };
    },
  );

  app.post(
    '/admin/registrations/officers/:id/:action',
    {
      ...adminOnly,
      config: { invalidates: 'all' },
      schema: { params: decisionParamsSchema, body: registrationDecisionBodySchema, response: { 200: officerRegistrationDecisionSchema } },
    },
    async (request) => {
      const admin = requireAdmin(request);
      const { id, action } = request.params;
      const decision = await decideOfficerRegistration(db, admin, id, action, decisionInput(request.body));
      return { success: true as const, ...decision };
    },
  );
}
