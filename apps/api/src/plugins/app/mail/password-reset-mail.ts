import { PASSWORD_RESET_TTL_MIN, PRODUCT_NAME } from '@aaspaas/domain';
import type { MailMessage } from './mail-service';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Why the link was sent: a forgotten password, or the admin account's first password. */
export type PasswordLinkPurpose = 'reset' | 'admin-setup';

const WORDING: Record<PasswordLinkPurpose, { subject: string; reason: (email: string) => string; ignore: string }> = {
  reset: {
    subject: `Reset your ${PRODUCT_NAME} password`,
    reason: (email) => `We received a request to reset the password of your ${PRODUCT_NAME} account (${email}).`,
    ignore: 'If you did not ask for this, you can ignore this email: your password stays the same.',
  },
  'admin-setup': {
    subject: `Set the password of the ${PRODUCT_NAME} admin account`,
    reason: (email) => `The ${PRODUCT_NAME} admin account for ${email} was created. Choose its password to sign in.`,
    ignore: 'If you did not ask for this, you can ignore this email: nobody can sign in without this link.',
  },
};

/** The password email (reset or admin setup): plain, friendly English with the link and how long it works. */
export function passwordResetMail(
  to: { email: string; name: string },
  link: string,
  purpose: PasswordLinkPurpose = 'reset',
): MailMessage {
  const { subject, reason, ignore } = WORDING[purpose];
  const expiry = `The link works once and expires in ${PASSWORD_RESET_TTL_MIN} minutes.`;
  const text = [
    `Hello ${to.name},`,
    '',
    reason(to.email),
    '',
    'Open this link to choose a new password:',
    link,
    '',
    expiry,
    ignore,
    '',
    `— The ${PRODUCT_NAME} team`,
  ].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#1f2937">',
    `<p>Hello ${escapeHtml(to.name)},</p>`,
    `<p>${escapeHtml(reason(to.email))}</p>`,
    `<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:12px 20px;background:#ea580c;color:#ffffff;text-decoration:none;border-radius:8px">Choose a new password</a></p>`,
    `<p>Or copy this link into your browser:<br><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
    `<p>${expiry}<br>${ignore}</p>`,
    `<p>— The ${PRODUCT_NAME} team</p>`,
    '</body></html>',
  ].join('\n');
  return { to: to.email, subject, text, html };
}
