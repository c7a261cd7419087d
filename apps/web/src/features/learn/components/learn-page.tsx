import { PRODUCT_NAME } from '@aaspaas/domain/rules';
import {
  ArrowLeft,
  Camera,
  Clock,
  History,
  LayoutTemplate,
  MessageCircle,
  Moon,
  PartyPopper,
  SquarePen,
  Sun,
  Tag,
  UserPen,
  type LucideIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { cn } from '@/lib/utils';
import { PhoneHero, PhotoComparison } from './illustrations';
import { OfferExample } from './offer-example';

type SectionKey = 'photos' | 'offers' | 'timing' | 'whatsapp';

const SECTIONS: { key: SectionKey; icon: LucideIcon; tone: string }[] = [
  { key: 'photos', icon: Camera, tone: 'bg-amber-100 text-amber-800' },
  { key: 'offers', icon: Tag, tone: 'bg-primary-soft text-primary-hover' },
  { key: 'timing', icon: Clock, tone: 'bg-sky-100 text-sky-800' },
  { key: 'whatsapp', icon: MessageCircle, tone: 'bg-success-soft text-whatsapp' },
];

function GuideSection({
  id,
  icon: Icon,
  tone,
  children,
}: {
  id: SectionKey;
  icon: LucideIcon;
  tone: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('learn');
  const tips = t(`${id}.tips`, { returnObjects: true }) as string[];
  return (
    <section
      id={`learn-${id}`}
      aria-labelledby={`learn-${id}-title`}
      className="scroll-mt-20 rounded-2xl border border-border bg-surface p-4 sm:p-5"
    >
      <div className="flex items-center gap-3">
        <span className={cn('inline-flex size-12 shrink-0 items-center justify-center rounded-2xl', tone)} aria-hidden="true">
          <Icon className="size-6" />
        </span>
        <h2 id={`learn-${id}-title`} className="text-xl leading-tight font-bold">
          {t(`${id}.title`)}
        </h2>
      </div>
      <p className="mt-3 text-muted-foreground">{t(`${id}.lead`)}</p>
      <ul className="mt-3 flex flex-col gap-2">
        {tips.map((tip) => (
          <li key={tip} className="flex gap-2">
            <span aria-hidden="true" className="mt-2 size-2 shrink-0 rounded-full bg-primary" />
            <span>{tip}</span>
          </li>
        ))}
      </ul>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** Morning, evening and festivals as three tiles: when people look at their phones. */
function TimingTiles() {
  const { t } = useTranslation('learn');
  const tiles: [LucideIcon, string, string][] = [
    [Sun, t('timing.morning'), t('timing.morningHint')],
    [Moon, t('timing.evening'), t('timing.eveningHint')],
    [PartyPopper, t('timing.festival'), t('timing.festivalHint')],
  ];
  return (
    <ul className="grid grid-cols-3 gap-2" aria-hidden="true">
      {tiles.map(([Icon, label, hint]) => (
        <li key={label} className="flex flex-col items-center gap-1 rounded-xl bg-muted px-2 py-3 text-center">
          <Icon className="size-6 text-sky-800" />
          <span className="text-sm font-semibold">{label}</span>
          <span className="text-xs text-muted-foreground">{hint}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * /learn: a short, illustrated guide for a shop owner (photos, offers, timing, WhatsApp) in plain
 * words, every picture drawn inline (no download), today's prices (`pricing`, drawn by the pricing
 * feature), and the screens to put it to use.
 */
export function LearnPage({ pricing }: { pricing?: ReactNode }) {
  const { t } = useTranslation('learn');
  useDocumentTitle(`${t('title')} · ${PRODUCT_NAME}`);
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-5 px-4 py-5">
      <header className="flex flex-col gap-2">
        <Link
          to={paths.app.root.getHref()}
          className="-ml-2 inline-flex min-h-11 items-center gap-2 self-start rounded-xl px-2 font-semibold text-primary hover:bg-muted"
        >
          <ArrowLeft className="size-5" aria-hidden="true" />
          {t('back')}
        </Link>
        <h1 className="text-2xl leading-tight font-extrabold">{t('title')}</h1>
        <p className="text-muted-foreground">{t('intro')}</p>
        <div className="flex justify-center py-2">
          <PhoneHero />
        </div>
      </header>

      <nav aria-labelledby="learn-contents" className="rounded-2xl bg-muted p-3">
        <h2 id="learn-contents" className="sr-only">
          {t('contents')}
        </h2>
        <ol className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {SECTIONS.map(({ key, icon: Icon }, i) => (
            <li key={key}>
              <a
                href={`#learn-${key}`}
                className="flex min-h-12 items-center gap-2 rounded-xl bg-surface px-3 py-2 text-sm leading-tight font-semibold hover:bg-primary-soft"
              >
                <Icon className="size-5 shrink-0 text-primary" aria-hidden="true" />
                <span>
                  <span className="sr-only">{i + 1}. </span>
                  {t(`${key}.title`)}
                </span>
              </a>
            </li>
          ))}
        </ol>
      </nav>

      {SECTIONS.map(({ key, icon, tone }) => (
        <GuideSection key={key} id={key} icon={icon} tone={tone}>
          {key === 'photos' ? <PhotoComparison /> : null}
          {key === 'offers' ? <OfferExample /> : null}
          {key === 'timing' ? <TimingTiles /> : null}
          {key === 'whatsapp' ? (
            <Link to={paths.account.editProfile.getHref()} className={buttonVariants({ variant: 'whatsapp', size: 'lg' })}>
              <UserPen className="size-5" aria-hidden="true" />
              {t('whatsapp.profile')}
            </Link>
          ) : null}
        </GuideSection>
      ))}

      {pricing}

      <section aria-labelledby="learn-start" className="rounded-2xl border border-primary/30 bg-primary-soft p-4 sm:p-5">
        <h2 id="learn-start" className="text-xl font-bold">
          {t('start.title')}
        </h2>
        <div className="mt-3 grid gap-2 sm:grid-cols-2">
          <Link to={paths.app.sendPost.getHref()} className={buttonVariants({ size: 'lg' })}>
            <SquarePen className="size-5" aria-hidden="true" />
            {t('start.post')}
          </Link>
          <Link to={paths.app.sendOffers.getHref()} className={buttonVariants({ size: 'lg' })}>
            <Tag className="size-5" aria-hidden="true" />
            {t('start.offer')}
          </Link>
          <Link to={paths.app.addTemplates.getHref()} className={buttonVariants({ variant: 'secondary', size: 'lg' })}>
            <LayoutTemplate className="size-5" aria-hidden="true" />
            {t('start.templates')}
          </Link>
          <Link to={paths.app.postsHistory.getHref()} className={buttonVariants({ variant: 'secondary', size: 'lg' })}>
            <History className="size-5" aria-hidden="true" />
            {t('start.history')}
          </Link>
        </div>
      </section>
    </div>
  );
}
