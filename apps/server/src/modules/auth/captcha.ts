import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import svgCaptcha from 'svg-captcha';
import type { FastifyRequest } from 'fastify';
import { captchas, loginAttempts, sessions } from '../../db/schema/index.js';

/** Captchas last five minutes and open one login try. */
export const CAPTCHA_TTL_SECONDS = 300;

export async function issueCaptcha(req: FastifyRequest) {
  const { db, config } = req.server;
  const image = svgCaptcha.create({ size: 4, noise: 2, ignoreChars: '0oO1iIlL', color: true, background: '#f4f6f8' });
  const answer = config.fixedCaptcha ?? image.text;
  // Old rows are cleared as new captchas are made (each login starts here): spent captchas,
  // login attempts past every throttle window, sessions long past their refresh expiry.
  await db.delete(captchas).where(lt(captchas.expiresAt, sql`now() - interval '1 hour'`));
  await db.delete(loginAttempts).where(lt(loginAttempts.createdAt, sql`now() - interval '2 days'`));
  await db.delete(sessions).where(lt(sessions.refreshExpiresAt, sql`now() - interval '30 days'`));
  const [row] = await db
    .insert(captchas)
    .values({ answer: answer.toLowerCase(), expiresAt: sql`now() + make_interval(secs => ${CAPTCHA_TTL_SECONDS})`, ip: req.ip })
    .returning({ id: captchas.id });
  return {
    captcha: `data:image/svg+xml;base64,${Buffer.from(image.data).toString('base64')}`,
    key: row!.id,
    expires_in: CAPTCHA_TTL_SECONDS,
  };
}

/** Uses up the captcha (whatever the answer) and says whether the answer was right. */
export async function consumeCaptcha(req: FastifyRequest, key: string, answer: string): Promise<boolean> {
  const [row] = await req.server.db
    .update(captchas)
    .set({ usedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(captchas.id, key), isNull(captchas.usedAt), gt(captchas.expiresAt, sql`now()`)))
    .returning({ answer: captchas.answer });
  return row !== undefined && row.answer === answer.trim().toLowerCase();
}
