import { type Language, PASSWORD_RESET_TTL_MIN, PRODUCT_NAME } from '@aaspaas/domain';
import type { MailMessage } from './mail-service';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Why the link was sent: a forgotten password, or the admin account's first password. */
export type PasswordLinkPurpose = 'reset' | 'admin-setup';

type Wording = {
  purposes: Record<PasswordLinkPurpose, { subject: string; reason: (email: string) => string; ignore: string }>;
  hello: (name: string) => string;
  open: string;
  button: string;
  copy: string;
  expiry: string;
  signature: string;
};

/** The mail in each language; a Record over every language, so a new one cannot be half-written. */
const WORDING: Record<Language, Wording> = {
  en: {
    purposes: {
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
    },
    hello: (name) => `Hello ${name},`,
    open: 'Open this link to choose a new password:',
    button: 'Choose a new password',
    copy: 'Or copy this link into your browser:',
    expiry: `The link works once and expires in ${PASSWORD_RESET_TTL_MIN} minutes.`,
    signature: `— The ${PRODUCT_NAME} team`,
  },
  hi: {
    purposes: {
      reset: {
        subject: `अपना ${PRODUCT_NAME} पासवर्ड बदलें`,
        reason: (email) => `आपके ${PRODUCT_NAME} खाते (${email}) का पासवर्ड बदलने का अनुरोध हमें मिला है।`,
        ignore: 'अगर यह अनुरोध आपने नहीं किया, तो इस ईमेल को अनदेखा कर दें: आपका पासवर्ड वही रहेगा।',
      },
      'admin-setup': {
        subject: `${PRODUCT_NAME} एडमिन खाते का पासवर्ड बनाएँ`,
        reason: (email) => `${email} के लिए ${PRODUCT_NAME} का एडमिन खाता बन गया है। साइन इन करने के लिए इसका पासवर्ड चुनें।`,
        ignore: 'अगर यह अनुरोध आपने नहीं किया, तो इस ईमेल को अनदेखा कर दें: इस लिंक के बिना कोई साइन इन नहीं कर सकता।',
      },
    },
    hello: (name) => `नमस्ते ${name},`,
    open: 'नया पासवर्ड चुनने के लिए यह लिंक खोलें:',
    button: 'नया पासवर्ड चुनें',
    copy: 'या यह लिंक कॉपी करके अपने ब्राउज़र में खोलें:',
    expiry: `यह लिंक एक ही बार चलेगा और ${PASSWORD_RESET_TTL_MIN} मिनट में बंद हो जाएगा।`,
    signature: `— ${PRODUCT_NAME} टीम`,
  },
};

/** The password email (reset or admin setup): plain and friendly, in the owner's language, with the link and how long it works. */
export function passwordResetMail(
  to: { email: string; name: string },
  link: string,
  purpose: PasswordLinkPurpose = 'reset',
  language: Language = 'en',
): MailMessage {
  const wording = WORDING[language];
  const { subject, reason, ignore } = wording.purposes[purpose];
  const text = [
    wording.hello(to.name),
    '',
    reason(to.email),
    '',
    wording.open,
    link,
    '',
    wording.expiry,
    ignore,
    '',
    wording.signature,
  ].join('\n');
  const html = [
    `<!doctype html><html lang="${language}"><body style="font-family:Arial,Helvetica,'Noto Sans Devanagari',sans-serif;font-size:16px;line-height:1.6;color:#1f2937">`,
    `<p>${escapeHtml(wording.hello(to.name))}</p>`,
    `<p>${escapeHtml(reason(to.email))}</p>`,
    `<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:12px 20px;background:#ea580c;color:#ffffff;text-decoration:none;border-radius:8px">${escapeHtml(wording.button)}</a></p>`,
    `<p>${escapeHtml(wording.copy)}<br><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
    `<p>${escapeHtml(wording.expiry)}<br>${escapeHtml(ignore)}</p>`,
    `<p>${escapeHtml(wording.signature)}</p>`,
    '</body></html>',
  ].join('\n');
  return { to: to.email, subject, text, html };
}
