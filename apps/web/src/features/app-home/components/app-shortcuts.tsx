import { GraduationCap, LayoutTemplate, SquarePen, Tag, UserPlus, type LucideIcon } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

type Shortcut = { key: 'createPost' | 'sendOffer' | 'templates' | 'addContact' | 'learn'; href: string; icon: LucideIcon };

const SHORTCUTS: readonly Shortcut[] = [
  { key: 'createPost', href: paths.app.sendPost.getHref(), icon: SquarePen },
  { key: 'sendOffer', href: paths.app.sendOffers.getHref(), icon: Tag },
  { key: 'templates', href: paths.app.addTemplates.getHref(), icon: LayoutTemplate },
  { key: 'addContact', href: paths.app.addContact.getHref(), icon: UserPlus },
  { key: 'learn', href: paths.app.learn.getHref(), icon: GraduationCap },
];

/** The day's main jobs as big tappable cards. */
export function AppShortcuts() {
  const { t } = useTranslation('app');
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="text-lg font-bold">
        {t('home.shortcuts.title')}
      </h2>
      <ul className="mt-3 grid grid-cols-2 gap-3 lg:grid-cols-4">
        {SHORTCUTS.map(({ key, href, icon: Icon }) => (
          <li key={key} className="flex">
            <Link
              to={href}
              className="flex min-h-28 w-full flex-col gap-2 rounded-2xl border border-border bg-surface p-4 hover:border-primary hover:bg-primary-soft"
            >
              <Icon className="size-8 text-primary" aria-hidden="true" />
              <span className="text-base leading-tight font-bold">{t(`home.shortcuts.${key}.title`)}</span>
              <span className="text-sm text-muted-foreground">{t(`home.shortcuts.${key}.hint`)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
