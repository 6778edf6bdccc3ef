/**
 * The contract of the notifications and My Registrations calls (issue 18, items 3 and 4): request
 * bodies and answers, shared by the server's routes and the web's queries (decision 0023).
 */
import { z } from 'zod';
import { notificationsMessages } from '#core/messages/notifications.js';
import { NOTIFICATION_KINDS } from '#core/notifications.js';

/** Marks read at most this many by id in one call; `all: true` has no limit. */
export const MAX_READ_IDS = 100;
export const NOTIFICATION_PAGE_SIZE = 20;

/** POST /api/notifications/read: `{ids: [...]}` or `{all: true}`, nothing else. */
export const markNotificationsReadBodySchema = z.union(
  [
    z.strictObject({
      ids: z
        .array(z.number().int().positive().max(2_147_483_647))
        .min(1, notificationsMessages.readBodyRequired)
        .max(MAX_READ_IDS, notificationsMessages.tooManyIds),
    }),
    z.strictObject({ all: z.literal(true) }),
  ],
  { error: notificationsMessages.readBodyRequired },
);
export type MarkNotificationsReadBody = z.infer<typeof markNotificationsReadBodySchema>;

export const notificationKindSchema = z.enum(NOTIFICATION_KINDS);

export const notificationSchema = z.object({
  id: z.number(),
  kind: notificationKindSchema,
  message: z.string(),
  /** The administrator's notes or the moderator's reason, when there are some. */
  detail: z.string().nullable(),
  /** A path of the web app. */
  link: z.string(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** GET /api/notifications: newest first; pass `nextCursor` back as `cursor` for the next page. */
export const notificationPageSchema = z.object({
  notifications: z.array(notificationSchema),
  unreadCount: z.number(),
  nextCursor: z.string().nullable(),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;

export const markNotificationsReadResultSchema = z.object({ marked: z.number(), unreadCount: z.number() });

/** Mail on or off per kind: every kind in answers, any subset in a PUT. */
export const mailPreferencesSchema = z.object(
  Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, z.boolean()])) as Record<(typeof NOTIFICATION_KINDS)[number], z.ZodBoolean>,
);
export const mailPreferencesUpdateSchema = mailPreferencesSchema.partial().strict();

/** One of the user's registration requests as My Registrations shows it. */
export const myRegistrationSchema = z.object({
  type: z.enum(['regiment', 'officer']),
  id: z.number(),
  name: z.string(),
  /** pending, approved or rejected (anything else shows as rejected: spec section 4). */
  status: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  notes: z.string().nullable(),
  /** The regiment or officer an approval created, while it is still shown on the site. */
  linkId: z.number().nullable(),
  /**
   * What the request asked for beside its name (issue 36, item 6), so 'Apply again' after a rejection
   * starts from it: a regiment's side, description and images, an officer's rank, regiment and
   * image; null where the other kind of request has the field.
   */
  sideId: z.number().nullable(),
  description: z.string().nullable(),
  bannerImageUrl: z.string().nullable(),
  iconImageUrl: z.string().nullable(),
  rank: z.string().nullable(),
  regimentId: z.number().nullable(),
  profileImageUrl: z.string().nullable(),
});
export type MyRegistration = z.infer<typeof myRegistrationSchema>;
export const myRegistrationsSchema = z.object({ registrations: z.array(myRegistrationSchema) });

/** POST /api/notifications/unsubscribe: the token of the mail's link (query, JSON or the RFC 8058 form). */
export const unsubscribeTokenSchema = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[A-Za-z0-9_.-]+$/, notificationsMessages.unsubscribeInvalid);
