import { EMAIL_VERIFICATION_TTL_HOURS, PRODUCT_NAME } from '@aaspaas/domain';
import type { MailMessage } from './mail-service';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * Why the link was sent: a new account, the owner's "Resend", or a password-reset request for an
 * address that was never confirmed (a reset link goes only to confirmed addresses).
 */
export type VerificationPurpose = 'welcome' | 'resend' | 'reset-requested';

const REASON: Record<VerificationPurpose, (email: string, business: string) => string> = {
  welcome: (email, business) =>
    `Welcome to ${PRODUCT_NAME}! Please confirm that ${email} is the address of ${business}, so you can always get back into your account.`,
  resend: (email, business) => `Please confirm that ${email} is the address of ${business} on ${PRODUCT_NAME}.`,
  'reset-requested': (email) =>
    `Someone asked to reset the password of the ${PRODUCT_NAME} account registered with ${email}. This address was never confirmed, so we cannot send a reset link yet. If the account is yours, confirm the address with the link below, then ask for the reset again.`,
};

/** The verification email: plain English with the link and how long it works. */
export function emailVerificationMail(
  to: { email: string; name: string; businessName: string },
  link: string,
  purpose: VerificationPurpose,
): MailMessage {
  const subject = `Confirm your email for ${PRODUCT_NAME}`;
  const reason = REASON[purpose](to.email, to.businessName);
  const expiry = `The link works once and expires in ${EMAIL_VERIFICATION_TTL_HOURS} hours.`;
  const ignore = `If you did not create a ${PRODUCT_NAME} account, ignore this email: nothing happens without this link.`;
  const text = [
    `Hello ${to.name},`,
    '',
    reason,
    '',
    'Open this link to confirm:',
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
    `<p>${escapeHtml(reason)}</p>`,
    `<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:12px 20px;background:#ea580c;color:#ffffff;text-decoration:none;border-radius:8px">Confirm my email</a></p>`,
    `<p>Or copy this link into your browser:<br><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
    `<p>${expiry}<br>${escapeHtml(ignore)}</p>`,
    `<p>— The ${PRODUCT_NAME} team</p>`,
    '</body></html>',
  ].join('\n');
  return { to: to.email, subject, text, html };
}
