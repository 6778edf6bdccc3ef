import { z } from 'zod';
import { LIMITS } from '#core/constants.js';
import { resetPasswordMessages } from '#core/messages/reset-password.js';
import { validationMessages } from '#core/messages/validation.js';

const V = validationMessages;

export const usernameSchema = z
  .string()
  .trim()
  .min(LIMITS.usernameMin, V.usernameMin)
  .max(LIMITS.usernameMax, V.usernameMax)
  .regex(/^[\p{L}\p{N}_.\- ]+$/u, V.usernameCharacters);

const emailSchema = z.string().trim().toLowerCase().pipe(z.email(V.emailAddress));

/** POST /api/auth/register */
export const registerBodySchema = z.object({
  username: usernameSchema,
  email: emailSchema,
  password: z.string().min(LIMITS.passwordMin, V.passwordMin).max(200),
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

/** The /register form: the API body plus a confirmation that must match. */
export const registerFormSchema = registerBodySchema
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { message: V.passwordsMismatch, path: ['confirmPassword'] });
export type RegisterForm = z.infer<typeof registerFormSchema>;

/** POST /api/auth/login and the /login form. */
export const loginBodySchema = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email(V.email)),
  password: z.string().min(1, V.passwordRequired).max(200),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

/** POST /api/auth/legacy-login: the part of the email before '@' is sent as username. */
export const legacyLoginBodySchema = z.object({
  username: z.string().trim().min(1, V.usernameRequired).max(254),
  password: z.string().min(1, V.passwordRequired).max(200),
});

/** POST /api/auth/forgot-password and POST /api/auth/request-verification. */
export const emailOnlyBodySchema = z.object({ email: emailSchema });

/** The reset rule (spec section 5): 8+ characters with an uppercase letter, a lowercase letter and a digit. */
export const newPasswordSchema = z
  .string()
  .min(LIMITS.passwordMin, resetPasswordMessages.rule)
  .max(200)
  .refine((p) => /[A-Z]/.test(p) && /[a-z]/.test(p) && /\d/.test(p), resetPasswordMessages.rule);

/** POST /api/auth/reset-password */
export const resetPasswordBodySchema = z.object({
  code: z.string().min(1).max(200),
  password: newPasswordSchema,
});

/** The reset form: new password and its confirmation. */
export const resetPasswordFormSchema = z
  .object({ password: newPasswordSchema, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { message: resetPasswordMessages.mismatch, path: ['confirmPassword'] });
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;
