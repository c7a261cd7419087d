import { DEFAULT_LANGUAGE, isLanguage } from '@aaspaas/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { UserRow } from '#src/db/schema';
import { type PasswordLinkPurpose, passwordResetMail } from '../mail/password-reset-mail';

/**
 * Issues a single-use password link for `user` and emails it (forgot password, admin setup). The
 * link is on the configured origin (PUBLIC_URL; on a laptop http://localhost:PORT), never on the
 * request's Host, so a forged Host cannot send the owner a link to another site.
 * The mail service logs it only for the local outbox outside production (no mail server to carry it).
 */
export async function sendPasswordLink(
  fastify: FastifyInstance,
  _request: FastifyRequest,
  user: UserRow,
  purpose: PasswordLinkPurpose,
  options: { notWithinMs?: number } = {},
): Promise<void> {
  const issued = await fastify.credentialsRepository.issueReset(user.id, options);
  // Rationed: the link mailed a moment ago still works.
  if (!issued) return;
  const link = `${fastify.config.publicOrigin}/reset-password?token=${encodeURIComponent(issued.token)}`;
  // In the owner's language (their account's), whatever page asked for it.
  const language = isLanguage(user.language) ? user.language : DEFAULT_LANGUAGE;
  await fastify.mailService.send({
    ...passwordResetMail({ email: user.username, name: user.name }, link, purpose, language),
    link,
  });
}
