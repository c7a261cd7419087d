import { Megaphone, SquarePen, Tag } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';

/** Cards the shape of the real ones, so nothing jumps when the list arrives. */
export function PostsSkeleton({ rows = 3 }: { rows?: number }) {
  const { t } = useTranslation('posts-history');
  return (
    <div className="flex flex-col gap-3" data-testid="posts-loading">
      <span className="sr-only" role="status">
        {t('list.loading')}
      </span>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="flex flex-col gap-3 rounded-2xl border border-border bg-surface p-3 sm:p-4">
          <div className="flex gap-3">
            <Skeleton className="size-20 shrink-0 rounded-xl sm:size-24" />
            <div className="flex flex-1 flex-col gap-2">
              <Skeleton className="h-3 w-1/3" />
              <Skeleton className="h-4 w-full" />
              <Skeleton className="h-4 w-2/3" />
            </div>
          </div>
          <div className="grid grid-cols-4 gap-1.5">
            {[0, 1, 2, 3].map((j) => (
              <Skeleton key={j} className="h-14 rounded-xl" />
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}

/** No posts yet: what this page will show, and the two ways to start. */
export function PostsEmpty() {
  const { t } = useTranslation('posts-history');
  return (
    <section className="rounded-2xl border border-border bg-surface p-6 text-center" aria-labelledby="posts-empty-title">
      <Megaphone className="mx-auto size-12 text-primary" aria-hidden="true" />
      <h3 id="posts-empty-title" className="mt-3 text-xl font-bold">
        {t('empty.title')}
      </h3>
      <p className="mt-2 text-muted-foreground">{t('empty.body')}</p>
      <div className="mt-5 flex flex-col gap-2 sm:flex-row sm:justify-center">
        <Link to={paths.app.sendPost.getHref()} className={buttonVariants({ size: 'lg' })}>
          <SquarePen className="size-5" aria-hidden="true" />
          {t('empty.post')}
        </Link>
        <Link to={paths.app.sendOffers.getHref()} className={buttonVariants({ variant: 'secondary', size: 'lg' })}>
          <Tag className="size-5" aria-hidden="true" />
          {t('empty.offer')}
        </Link>
      </div>
    </section>
  );
}
