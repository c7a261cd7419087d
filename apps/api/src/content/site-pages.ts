/**
 * Landing page content (docs/product.md §2: /about-us, /contact-us, /Termsofservice, /privacyterms), stored in
 * site_pages and later edited by the admin. Body format (packages/domain/src/pages.ts): plain text,
 * blank-line paragraphs, lines starting '## ' are headings, lines starting '- ' are list items.
 */
import type { SitePageSlug } from '@aaspaas/domain';

export type SitePageContent = { title: string; body: string };

const SUPPORT_EMAIL = 'support@aaspaas.in';
const GRIEVANCE_EMAIL = 'grievance@aaspaas.in';
const PRIVACY_EMAIL = 'privacy@aaspaas.in';
const COMPANY = 'Aaspaas Technologies Private Limited';
const OFFICE = '4th Floor, Sai Krupa Business Centre, Andheri–Kurla Road, Chakala, Andheri East, Mumbai, Maharashtra 400069';
const WHATSAPP = '+91 90040 55501';

/** Blocks separated by blank lines; consecutive list items stay on consecutive lines (one list). */
function page(...blocks: string[]): string {
  let out = '';
  let prevList = false;
  for (const block of blocks.map((b) => b.trim())) {
    const isList = block.startsWith('- ');
    if (out) out += isList && prevList ? '\n' : '\n\n';
    out += block;
    prevList = isList;
  }
  return out;
}

export const SITE_PAGES: Record<SitePageSlug, SitePageContent> = {
  'about-us': {
    title: 'About Us',
    body: page(
      `Aaspaas means "nearby". We help the shops and service providers around you — the kirana store, the sweet shop, the salon, the tuition teacher, the mobile repair counter — reach the people who live in the same area, and we help you discover what is on offer in your neighbourhood today.`,
      `## Why we built Aaspaas`,
      `Most local businesses in India still depend on word of mouth, pamphlets and WhatsApp forwards. Big platforms are built for brands with big budgets, and a neighbourhood bakery has no way to tell the families two streets away that fresh khari came out of the oven this morning. Aaspaas gives every local business a simple, free public feed that people nearby can actually see.`,
      `## For people nearby`,
      `- Browse offers, new arrivals and announcements from businesses within about 25 km of you, newest first.`,
      `- Search by product, business name, area or #hashtag, and filter by category.`,
      `- See prices in rupees with the discount on the MRP, and whether free home delivery is offered.`,
      `- Enquire directly on WhatsApp or call the business. We never stand between you and the shop.`,
      `- Like the posts you find useful: likes help good local businesses reach more neighbours.`,
      `You do not need an account to use the feed.`,
      `## For local businesses`,
      `- Publish posts with photos, prices and hashtags in under a minute, from your phone.`,
      `- Reach customers by location, and see how many people viewed, liked and shared each post.`,
      `- Keep your customer contacts in one place and send offers and SMS campaigns to them.`,
      `- Use ready-made templates for festivals and sales, and a prepaid wallet for paid services.`,
      `## What we believe`,
      `- Local first: money spent in the neighbourhood stays in the neighbourhood.`,
      `- Honest offers: prices are shown against the MRP, and misleading posts are removed.`,
      `- Light on data: your location is used to find nearby posts, not to follow you around.`,
      `- Made for India: works on low-cost Android phones and slow connections, with an Android app.`,
      `Aaspaas is built by ${COMPANY}, a small team based in Mumbai. If you run a local business and want to get started, tap Business Login on the feed. To talk to us, write to ${SUPPORT_EMAIL}.`,
    ),
  },

  'contact-us': {
    title: 'Contact Us',
    body: page(
      `We are happy to help visitors, business owners and partners. Most questions are answered within one working day.`,
      `## Support`,
      `- Email: ${SUPPORT_EMAIL}`,
      `- WhatsApp: ${WHATSAPP} (messages only)`,
      `- Hours: Monday to Saturday, 10 am to 7 pm IST, except public holidays`,
      `When you write about a post or a business, please include a link to the post (use Share, then Copy link) or the business name and area, so we can find it quickly.`,
      `## Business owners`,
      `For help with your account, posts, contacts, SMS campaigns, wallet balance or payments, write from the email address registered with your business account and mention your business name and mobile number. Never share your password or OTP with anyone, including us.`,
      `## Report a post or a business`,
      `If a post is misleading, offensive, charges above the MRP or uses your photos or brand without permission, write to ${SUPPORT_EMAIL} with the link to the post. We review every report and act on it, usually within 48 hours.`,
      `## Grievance Officer`,
      `Under the Information Technology Act, 2000, the rules made under it and the Digital Personal Data Protection Act, 2023, complaints may be addressed to our Grievance Officer:`,
      `- Name: Ms. Priya Nair, Grievance Officer`,
      `- Email: ${GRIEVANCE_EMAIL}`,
      `- Address: ${COMPANY}, ${OFFICE}`,
      `We acknowledge complaints within 24 hours and resolve them within 15 days.`,
      `## Office`,
      `${COMPANY}`,
      `${OFFICE}`,
      `Visits are by appointment only; please write to us first.`,
    ),
  },

  terms: {
    title: 'Terms of Service',
    body: page(
      `These Terms of Service ("Terms") govern your use of the Aaspaas website, the Aaspaas Android app and related services (together, "Aaspaas"), operated by ${COMPANY} ("we", "us"). By using Aaspaas you agree to these Terms. If you do not agree, please do not use Aaspaas.`,
      `## 1. Who can use Aaspaas`,
      `Anyone can browse the public feed without an account. To create a business account you must be at least 18 years old, able to enter a binding contract under Indian law, and authorised to act for the business you register.`,
      `## 2. Business accounts`,
      `- Keep your login details confidential; you are responsible for everything done through your account.`,
      `- Give true and current information: business name, mobile number, address, categories and, where applicable, your GST number.`,
      `- Tell us at ${SUPPORT_EMAIL} at once if you suspect unauthorised use of your account.`,
      `## 3. Your posts and offers`,
      `You are responsible for every post, image, price and offer you publish. In particular you agree that:`,
      `- Prices are accurate, and the selling price never exceeds the MRP printed on the product, as required by the Legal Metrology (Packaged Commodities) Rules, 2011.`,
      `- Offers are genuine and honoured as published, including free home delivery where you say so.`,
      `- You hold the licences your business needs (for example FSSAI for food, a drug licence for medicines) and comply with the Consumer Protection Act, 2019.`,
      `- You own or have permission to use every image, logo and text you upload.`,
      `- You will not advertise prescription medicines or remedies in ways prohibited by the Drugs and Magic Remedies (Objectionable Advertisements) Act, 1954.`,
      `You keep ownership of your content. You give us a non-exclusive, royalty-free licence to host, resize, display and distribute it on Aaspaas and to show it to people near your business for as long as it is published.`,
      `## 4. Things you must not do`,
      `- Post content that is unlawful, obscene, defamatory, hateful, misleading, or that infringes anyone's rights.`,
      `- Impersonate another person or business, or post for a business you do not represent.`,
      `- Inflate likes, views or shares through bots, scripts or paid schemes.`,
      `- Scrape the feed, collect other users' data, or interfere with the security or working of Aaspaas.`,
      `- Send SMS or messages to people who have not agreed to receive them.`,
      `## 5. Contacts, SMS campaigns and the wallet`,
      `You may upload only contacts whose owners have agreed to hear from your business. SMS campaigns must follow the TRAI Telecom Commercial Communications Customer Preference Regulations, 2018, including sender ID and template registration on the DLT platform. The wallet is a prepaid balance for paid services on Aaspaas; it is not a bank account, does not earn interest and cannot be transferred or withdrawn as cash. Charges are shown before you pay. Payments are processed by our payment partners; we do not store card details. If a service you paid for fails on our side, we credit the amount back to your wallet.`,
      `## 6. Our role`,
      `Aaspaas is an intermediary under Section 79 of the Information Technology Act, 2000. We do not sell the products or services advertised, we are not a party to any transaction between you and a business, and we do not guarantee the quality, safety or legality of what businesses offer. Please check details with the business before you buy. We follow the Information Technology (Intermediary Guidelines and Digital Media Ethics Code) Rules, 2021, and may remove content or suspend accounts that break these Terms or the law.`,
      `## 7. Availability and changes`,
      `We work hard to keep Aaspaas available but cannot promise that it will always be uninterrupted or error-free. We may change, suspend or stop features. If we change these Terms in a material way, we will tell business users by email or in the app before the change takes effect; continuing to use Aaspaas after that means you accept the new Terms.`,
      `## 8. Liability`,
      `To the extent permitted by law, Aaspaas is provided "as is", and we are not liable for indirect or consequential losses, lost profits or lost data. Our total liability to a business user for any claim is limited to the amount paid by that user to us in the three months before the claim. Nothing in these Terms limits rights you have under the Consumer Protection Act, 2019.`,
      `## 9. Ending your account`,
      `You can close your business account at any time by writing to ${SUPPORT_EMAIL}. We may suspend or close accounts that break these Terms, with notice where the law requires it. Unused wallet balance on an account we close without fault on your part is refunded to your original payment method.`,
      `## 10. Law and disputes`,
      `These Terms are governed by the laws of India. Subject to your rights as a consumer, the courts at Mumbai, Maharashtra have exclusive jurisdiction.`,
      `## 11. Grievances and contact`,
      `Complaints about content or these Terms can be sent to our Grievance Officer at ${GRIEVANCE_EMAIL}. We acknowledge complaints within 24 hours and resolve them within 15 days. For anything else, write to ${SUPPORT_EMAIL} or to ${COMPANY}, ${OFFICE}.`,
    ),
  },

  privacy: {
    title: 'Privacy Policy',
    body: page(
      `This Privacy Policy explains what personal data ${COMPANY} ("Aaspaas", "we") collects, why, and the choices you have. We process personal data in line with the Digital Personal Data Protection Act, 2023 (DPDP Act), the Information Technology Act, 2000 and the rules made under them. For the purposes of the DPDP Act, we are the Data Fiduciary for the data described here.`,
      `## If you only browse the feed`,
      `You do not need an account. We collect:`,
      `- A visitor ID: a random identifier created on your device, kept in your browser's storage and in a cookie that lasts one year. It does not contain your name or phone number. It lets us count a like once per visitor and a view once per visitor per day.`,
      `- Your likes and views of posts, linked to that visitor ID.`,
      `- Usage events such as page views, shares, WhatsApp enquiry taps and opening a business profile, with the time and the post or business concerned, to show businesses how their posts perform and to improve Aaspaas.`,
      `- Location, only when you choose. When you tap "Use my location", your device works out your position and the app sends only the coordinates with each feed request, to find posts near you. We do not store them against your visitor ID or build a location history. A place you pick with "Change" is saved on your device only. If you share no location, we may estimate your approximate city from your IP address to suggest a starting point; we do not store that estimate either.`,
      `- Standard technical data (IP address, browser and device type, error logs), kept for security and troubleshooting for up to 90 days.`,
      `## If you have a business account`,
      `- Account details: your name, email address, password (stored only as a secure hash), mobile number and, if you use Google sign-in, your Google account's name and email.`,
      `- Business profile: business name, phone, address, details, categories, GST number and profile image. This profile and your posts are public by design.`,
      `- Posts, images, prices and hashtags you publish, and their likes, views and shares.`,
      `- Contacts you upload, SMS campaigns and SMS history, and wallet and payment records. Card and UPI details are handled by our payment partners; we never see or store them.`,
      `For the contacts you upload, your business decides why and how they are used, and we process them only on your instructions to provide the service. You must have their consent to message them.`,
      `## Why we use your data`,
      `- To show the public feed and business profiles, and to rank posts by distance and time.`,
      `- To run business accounts, deliver SMS campaigns, process payments and keep records required by tax law.`,
      `- To count likes, views and shares honestly, and to detect spam, fraud and abuse.`,
      `- To answer your questions and complaints.`,
      `We rely on your consent where the DPDP Act requires it, which you can withdraw at any time, and on the legitimate uses allowed by Section 7 of the Act, such as providing a service you asked for or complying with the law. We do not sell personal data, and we do not show third-party advertising.`,
      `## Cookies and storage`,
      `We use one first-party cookie for the visitor ID and, for signed-in business users, a login token kept in the browser's local storage. We also keep a short-lived copy of the feed on your device so it loads faster. We do not use third-party advertising cookies. Clearing your browser data removes all of these.`,
      `## Who we share data with`,
      `- Service providers who work for us under contract: cloud hosting, SMS gateways, payment gateways, email delivery and Google sign-in.`,
      `- Government authorities and courts, when Indian law requires it.`,
      `- A buyer or successor, if Aaspaas is merged or sold, under the same protections.`,
      `## How long we keep data`,
      `Visitor likes and views are kept while the post exists. Usage events are kept for up to 12 months, then deleted or aggregated. Business account data is kept while the account is open and deleted within 90 days after it is closed, except records we must keep by law (for example invoices, for 8 years).`,
      `## Security`,
      `Data is encrypted in transit (HTTPS), passwords are hashed, access to production systems is restricted and logged, and we back up data regularly. If a personal data breach occurs, we will inform the Data Protection Board of India and affected users as the DPDP Act requires.`,
      `## Your rights`,
      `Under the DPDP Act you can ask us to tell you what personal data we hold about you, to correct or complete it, to erase it, and to nominate another person to exercise your rights if you die or become incapable. You can withdraw consent at any time; this does not affect processing done before. Business users can edit most of their data in the app. For anything else, write to ${PRIVACY_EMAIL}. We reply within 30 days.`,
      `## Children`,
      `Aaspaas is not meant for children. Business accounts are for people aged 18 and over, and we do not knowingly collect personal data of children. If you believe a child has given us personal data, write to ${PRIVACY_EMAIL} and we will delete it.`,
      `## Grievance Officer`,
      `- Name: Ms. Priya Nair, Grievance Officer`,
      `- Email: ${GRIEVANCE_EMAIL}`,
      `- Address: ${COMPANY}, ${OFFICE}`,
      `We acknowledge complaints within 24 hours and resolve them within 15 days. If you are not satisfied with our response, you may complain to the Data Protection Board of India.`,
      `## Changes to this policy`,
      `We will post any change on this page, and tell business users by email or in the app before a material change takes effect.`,
    ),
  },
};
