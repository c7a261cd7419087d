import { Eye, Heart, MessageCircle, Share2, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';
import { formatCount } from '@/lib/format';

export type Counters = { views: number; likes: number; shares: number; whatsapp: number };

const ITEMS: { key: keyof Counters; icon: LucideIcon; tone: string }[] = [
  { key: 'views', icon: Eye, tone: 'text-primary' },
  { key: 'likes', icon: Heart, tone: 'text-danger' },
  { key: 'shares', icon: Share2, tone: 'text-foreground' },
  { key: 'whatsapp', icon: MessageCircle, tone: 'text-whatsapp' },
];

/**
 * A post's results as four tiles: icon, number, word. Each tile reads as one phrase ('120 views') to
 * a screen reader, the number shown big for a quick look.
 */
export function PostCounters({ counters, className }: { counters: Counters; className?: string }) {
  const { t } = useTranslation('posts-history');
  return (
    <ul className={cn('grid grid-cols-4 gap-1.5', className)} aria-label={t('counters.label')}>
      {ITEMS.map(({ key, icon: Icon, tone }) => {
        const n = counters[key];
        const phrase = t(`counters.${key}`, { count: n, formatted: formatCount(n) });
        return (
          <li
            key={key}
            data-testid={`counter-${key}`}
            data-value={n}
            className="flex min-w-0 flex-col items-center rounded-xl bg-muted px-1 py-2 text-center"
          >
            <span className="sr-only">{phrase}</span>
            <span aria-hidden="true" className="flex items-center gap-1">
              <Icon className={cn('size-4 shrink-0', tone)} />
              <span className="text-base leading-tight font-bold tabular-nums">{formatCount(n)}</span>
            </span>
            <span aria-hidden="true" className="w-full truncate text-xs text-muted-foreground">
              {t(`counters.${key}Word`, { count: n })}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
