import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { UserRow } from '../../../db/schema';
import { type PasswordLinkPurpose, passwordResetMail } from '../mail/password-reset-mail';

/**
 * Issues a single-use password link for `user` and emails it (forgot password, admin setup). The
 * link is on PUBLIC_URL (required in production) or, on a developer's machine, the request's origin.
 * The mail service logs it only for the local outbox outside production (no mail server to carry it).
 */
export async function sendPasswordLink(
  fastify: FastifyInstance,
  request: FastifyRequest,
  user: UserRow,
  purpose: PasswordLinkPurpose,
): Promise<void> {
  const { token } = await fastify.credentials.issueReset(user.id);
  const origin = fastify.config.PUBLIC_URL ?? `${request.protocol}://${request.host}`;
  const link = `${origin.replace(/\/+$/, '')}/reset-password?token=${encodeURIComponent(token)}`;
  await fastify.mail.send({ ...passwordResetMail({ email: user.username, name: user.name }, link, purpose), link });
}
