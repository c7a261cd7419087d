import { Mail, MessageCircle, Phone } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';
import { findContacts, type ContactLink } from '../utils/page-body';

const ICONS = { email: Mail, phone: Phone, whatsapp: MessageCircle } as const;

function ContactTile({ contact }: { contact: ContactLink }) {
  const { t } = useTranslation('pages');
  const Icon = ICONS[contact.type];
  const label = { email: t('contact.email'), phone: t('contact.call'), whatsapp: t('contact.whatsapp') }[contact.type];
  const aria = {
    email: t('contact.emailLabel', { value: contact.value }),
    phone: t('contact.callLabel', { value: contact.value }),
    whatsapp: t('contact.whatsappLabel', { value: contact.value }),
  }[contact.type];
  const whatsapp = contact.type === 'whatsapp';
  return (
    <a
      href={contact.href}
      aria-label={contact.section ? `${aria} (${contact.section})` : aria}
      {...(whatsapp ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      data-testid={`contact-${contact.type}`}
      className={cn(
        'flex min-h-16 w-full items-center gap-3 rounded-2xl border px-4 py-3 text-left transition-colors',
        whatsapp
          ? 'border-transparent bg-whatsapp text-white hover:bg-whatsapp-hover'
          : 'border-border bg-surface text-foreground hover:bg-muted',
      )}
    >
      <span
        aria-hidden="true"
        className={cn(
          'flex size-10 shrink-0 items-center justify-center rounded-full',
          whatsapp ? 'bg-white/20' : 'bg-primary-soft text-primary-hover',
        )}
      >
        <Icon className="size-5" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block text-sm font-semibold">
          {label}
          {contact.section ? ` · ${contact.section}` : ''}
        </span>
        <span className="block text-lg font-bold break-all">{contact.value}</span>
      </span>
    </a>
  );
}

/** The contact page's big tap targets: every email, phone and WhatsApp number its text gives. */
export function ContactActions({ body }: { body: string }) {
  const { t } = useTranslation('pages');
  const contacts = useMemo(() => findContacts(body), [body]);
  if (contacts.length === 0) return null;
  return (
    <section aria-labelledby="contact-actions-title" className="rounded-2xl bg-primary-soft/60 p-3">
      <h2 id="contact-actions-title" className="px-1 pb-2 text-base font-bold">
        {t('contact.title')}
      </h2>
      <ul className="grid gap-2 sm:grid-cols-2">
        {contacts.map((c) => (
          <li key={`${c.type}:${c.href}`}>
            <ContactTile contact={c} />
          </li>
        ))}
      </ul>
    </section>
  );
}
