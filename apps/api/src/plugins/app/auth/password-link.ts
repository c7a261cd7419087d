import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { UserRow } from '../../../db/schema';
import { type PasswordLinkPurpose, passwordResetMail } from '../mail/password-reset-mail';

/**
 * Issues a single-use password link for `user` and emails it (forgot password, admin setup). The
 * link is on PUBLIC_URL (required in production) or, on a developer's machine, the request's origin;
 * it is logged too, so whoever runs the app without SMTP can open it.
 */
export async function sendPasswordLink(
  fastify: FastifyInstance,
  request: FastifyRequest,
  user: UserRow,
  purpose: PasswordLinkPurpose,
  options: { notWithinMs?: number } = {},
): Promise<void> {
  const issued = await fastify.credentials.issueReset(user.id, options);
  // Rationed: the link mailed a moment ago still works.
  if (!issued) return;
  const { token } = issued;
  const origin = fastify.config.PUBLIC_URL ?? `${request.protocol}://${request.host}`;
  const link = `${origin.replace(/\/+$/, '')}/reset-password?token=${encodeURIComponent(token)}`;
  fastify.log.info({ to: user.username, link, purpose }, 'password link');
  await fastify.mail.send(passwordResetMail({ email: user.username, name: user.name }, link, purpose));
}
