import { z } from 'zod';

/** Login and token calls (spec §7: `POST login`, `POST refreshToken`, `GET /captcha`). */
export const captchaAnswerSchema = z.object({
  /** An SVG image as a `data:image/svg+xml;base64,…` URI. */
  captcha: z.string(),
  /** Send back with the login as `key`. */
  key: z.string(),
  /** Seconds until the captcha expires. */
  expires_in: z.number().int(),
});
export type CaptchaAnswer = z.infer<typeof captchaAnswerSchema>;

export const loginPasswordSchema = z.object({
  type: z.literal(1),
  username: z.string({ message: 'validation.accountRequired' }).trim().min(1, { message: 'validation.accountRequired' }).max(64),
  password: z.string({ message: 'validation.passwordRequired' }).min(1, { message: 'validation.passwordRequired' }).max(128),
  captcha: z.string({ message: 'validation.captchaRequired' }).trim().min(1, { message: 'validation.captchaRequired' }).max(16),
  key: z.uuid({ message: 'validation.captchaRequired' }),
  /** Keep the refresh token across browser restarts (spec §9 remember-me). */
  remember: z.boolean().optional(),
});

export const refreshTokenSchema = z.object({
  refresh_token: z.string().min(1, { message: 'validation.required' }).max(256),
});

export const loginRefreshSchema = refreshTokenSchema.extend({ type: z.literal(2) });

export const loginRequestSchema = z.discriminatedUnion('type', [loginPasswordSchema, loginRefreshSchema]);
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** Spec §3 "Token session". */
export const tokenAnswerSchema = z.object({
  access_token: z.string(),
  /** Seconds. */
  expires_in: z.number().int(),
  refresh_token: z.string(),
  token_type: z.literal('Bearer'),
  /** Seconds. */
  refresh_expires_in: z.number().int(),
  /**
   * The password was set by an administrator: the session may only change it
   * (`POST /changePassword`) until it is changed. Left out otherwise.
   */
  password_must_change: z.literal(true).optional(),
});
export type TokenAnswer = z.infer<typeof tokenAnswerSchema>;
