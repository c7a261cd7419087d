import type { Contact } from '@aaspaas/domain';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { remToPx, useWindowRange } from '../hooks/use-window-range';
import { ContactRow, ROW_HEIGHT_REM } from './contact-row';

type ContactListProps = {
  contacts: readonly Contact[];
  /** All matches on the server (more than loaded while pages remain). */
  total: number;
  selecting: boolean;
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
};

/** The loaded contacts, windowed: only the rows near the viewport are in the DOM. */
export function ContactList({ contacts, total, selecting, selected, onToggle }: ContactListProps) {
  const { t } = useTranslation('contacts');
  const listRef = useRef<HTMLUListElement>(null);
  const rowHeight = useMemo(() => remToPx(ROW_HEIGHT_REM), []);
  const { start, end } = useWindowRange(listRef, contacts.length, rowHeight);
  const setSize = Math.max(total, contacts.length);

  return (
    <ul
      ref={listRef}
      aria-label={t('list.label')}
      className="overflow-hidden rounded-2xl border border-border bg-surface"
      style={{ paddingTop: start * rowHeight, paddingBottom: (contacts.length - end) * rowHeight }}
    >
      {contacts.slice(start, end).map((contact, i) => (
        <ContactRow
          key={contact.id}
          contact={contact}
          position={start + i + 1}
          setSize={setSize}
          selecting={selecting}
          selected={selected.has(contact.id)}
          onToggle={onToggle}
        />
      ))}
    </ul>
  );
}
