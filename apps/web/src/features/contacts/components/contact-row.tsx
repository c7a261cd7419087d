import { displayIndianPhone, type Contact } from '@aaspaas/domain';
import { MessageCircle, Phone } from 'lucide-react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { paths } from '@/config/paths';
import { cn } from '@/lib/utils';
import { telHref, whatsappHref } from '../utils/contact-links';

/** Every row has this height (rem), so the list can be windowed by arithmetic. */
export const ROW_HEIGHT_REM = 5.5;

function initial(name: string): string {
  return Array.from(name.trim())[0]?.toUpperCase() ?? '?';
}

function RowText({ contact }: { contact: Contact }) {
  const { t } = useTranslation('contacts');
  return (
    <span className="flex min-w-0 flex-1 flex-col">
      <span className="truncate font-bold">{contact.name}</span>
      <span className="truncate text-sm text-muted-foreground tabular-nums">{displayIndianPhone(contact.mobileNumber)}</span>
      {contact.optedOut || contact.tags.length ? (
        <span className="mt-0.5 flex h-5 gap-1 overflow-hidden">
          {contact.optedOut ? <Badge variant="danger">{t('list.optedOut')}</Badge> : null}
          {contact.tags.map((tag) => (
            <Badge key={tag}>{tag}</Badge>
          ))}
        </span>
      ) : null}
    </span>
  );
}

const actionClass = 'inline-flex size-12 shrink-0 items-center justify-center rounded-full';

type ContactRowProps = {
  contact: Contact;
  position: number;
  setSize: number;
  selecting: boolean;
  selected: boolean;
  onToggle: (id: string) => void;
};

/**
 * One contact: tap to edit (or to select, in select mode), and large targets to call or WhatsApp.
 * Fixed height, one line of tags: the list is windowed by row height.
 */
export const ContactRow = memo(function ContactRow({
  contact,
  position,
  setSize,
  selecting,
  selected,
  onToggle,
}: ContactRowProps) {
  const { t } = useTranslation('contacts');
  const main = (
    <>
      <span
        aria-hidden="true"
        className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-primary-soft font-bold text-primary-hover"
      >
        {initial(contact.name)}
      </span>
      <RowText contact={contact} />
    </>
  );
  return (
    <li
      aria-posinset={position}
      aria-setsize={setSize}
      style={{ height: `${ROW_HEIGHT_REM}rem` }}
      className={cn('flex items-center gap-1 border-b border-border px-2', selected && 'bg-primary-soft')}
      data-testid="contact-row"
    >
      {selecting ? (
        <label className="flex h-full min-w-0 flex-1 cursor-pointer items-center gap-3 px-1">
          <input
            type="checkbox"
            checked={selected}
            onChange={() => onToggle(contact.id)}
            aria-label={t('list.selectOne', { name: contact.name })}
            className="size-6 shrink-0 accent-primary"
          />
          {main}
        </label>
      ) : (
        <Link
          to={paths.app.editContact.getHref(contact.id)}
          className="flex h-full min-w-0 flex-1 items-center gap-3 rounded-xl px-1 hover:bg-muted"
        >
          {main}
        </Link>
      )}
      {selecting ? null : (
        <>
          <a
            href={telHref(contact.mobileNumber)}
            aria-label={t('list.call', { name: contact.name })}
            className={cn(actionClass, 'text-primary hover:bg-primary-soft')}
          >
            <Phone className="size-6" aria-hidden="true" />
          </a>
          <a
            href={whatsappHref(contact.mobileNumber)}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t('list.whatsapp', { name: contact.name })}
            className={cn(actionClass, 'text-whatsapp hover:bg-success-soft')}
          >
            <MessageCircle className="size-6" aria-hidden="true" />
          </a>
        </>
      )}
    </li>
  );
});
