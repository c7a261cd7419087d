import { type BusinessCard, PRODUCT_NAME } from '@aaspaas/domain';
import { BadgeCheck, Search, Star } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ErrorCard } from '@/components/errors/error-card';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useBusinessCards } from '../api/get-business-cards';
import { useUpdateBusinessCard } from '../api/update-business-card';
import { AdminPager } from './admin-pager';
import { BusinessCardEditor } from './business-card-editor';

const SEARCH_DEBOUNCE_MS = 300;

function CardRow({ card }: { card: BusinessCard }) {
  const { t } = useTranslation('admin-content');
  const update = useUpdateBusinessCard();
  const [editing, setEditing] = useState(false);
  const mark = (field: 'verified' | 'featured', value: boolean) =>
    update.mutate({ userId: card.userId, input: { [field]: value } });
  return (
    <li className="rounded-2xl border border-border bg-surface p-3" data-testid="business-card-row">
      <div className="flex flex-wrap items-center gap-3">
        {card.profileImageUrl ? (
          <img src={card.profileImageUrl} alt="" className="size-12 rounded-full object-cover" />
        ) : (
          <span className="grid size-12 place-items-center rounded-full bg-muted text-xs text-muted-foreground">
            {t('cards.noPhoto')}
          </span>
        )}
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-center gap-2 font-bold">
            <Link to={paths.business.getHref(card.userId)} className="hover:underline">
              {card.businessName}
            </Link>
            {card.verified ? <Badge variant="success">{t('cards.verified')}</Badge> : null}
            {card.featured ? <Badge variant="primary">{t('cards.featured')}</Badge> : null}
          </p>
          <p className="truncate text-sm text-muted-foreground">
            {[card.email, card.businessPhone, card.city].filter(Boolean).join(' · ')}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            variant={card.verified ? 'soft' : 'secondary'}
            size="sm"
            aria-pressed={card.verified}
            aria-label={t('cards.markVerified', { name: card.businessName })}
            disabled={update.isPending}
            onClick={() => mark('verified', !card.verified)}
          >
            <BadgeCheck className="size-4" aria-hidden="true" />
            {t('cards.verified')}
          </Button>
          <Button
            variant={card.featured ? 'soft' : 'secondary'}
            size="sm"
            aria-pressed={card.featured}
            aria-label={t('cards.markFeatured', { name: card.businessName })}
            disabled={update.isPending}
            onClick={() => mark('featured', !card.featured)}
          >
            <Star className="size-4" aria-hidden="true" />
            {t('cards.featured')}
          </Button>
          <Button variant="secondary" size="sm" aria-expanded={editing} onClick={() => setEditing((v) => !v)}>
            {t('cards.edit')}
          </Button>
        </div>
      </div>
      {update.error && !editing ? (
        <p role="alert" className="mt-2 text-sm font-semibold text-danger">
          {update.error.message}
        </p>
      ) : null}
      {editing ? <BusinessCardEditor card={card} onDone={() => setEditing(false)} /> : null}
    </li>
  );
}

/** /admin/business-cards: every business's public card, a server page at a time, with search. */
export function BusinessCardsPage() {
  const { t } = useTranslation('admin-content');
  useDocumentTitle(`${t('cards.title')} · ${PRODUCT_NAME}`);
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  // In the URL, so the dashboard's featured list links here and a reload keeps the filter.
  const [searchParams, setSearchParams] = useSearchParams();
  const featuredOnly = searchParams.get('featured') === 'true';
  const search = useDebouncedValue(q.trim(), SEARCH_DEBOUNCE_MS);
  const cards = useBusinessCards(search, page, featuredOnly);

  return (
    <div className="flex flex-col gap-4">
      <header>
        <h1 className="text-2xl font-extrabold">{t('cards.title')}</h1>
        <p className="text-muted-foreground">{t('cards.intro')}</p>
      </header>
      <label className="relative block">
        <span className="sr-only">{t('cards.searchLabel')}</span>
        <Search className="absolute top-3 left-3 size-5 text-muted-foreground" aria-hidden="true" />
        <Input
          type="search"
          className="pl-10"
          placeholder={t('cards.searchLabel')}
          value={q}
          onChange={(e) => {
            setQ(e.target.value);
            setPage(1);
          }}
        />
      </label>
      <label className="flex min-h-11 items-center gap-3 self-start font-semibold">
        <input
          type="checkbox"
          className="size-5 accent-primary"
          checked={featuredOnly}
          onChange={(e) => {
            setSearchParams(e.target.checked ? { featured: 'true' } : {}, { replace: true });
            setPage(1);
          }}
        />
        {t('cards.featuredOnly')}
      </label>
      {cards.isError && !cards.data ? (
        <ErrorCard
          title={t('cards.loadError')}
          message={cards.error.message}
          onRetry={() => void cards.refetch()}
          retrying={cards.isFetching}
          retryLabel={t('retry')}
        />
      ) : !cards.data ? (
        <div role="status" className="space-y-2">
          <span className="sr-only">{t('loading')}</span>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-20" />
          ))}
        </div>
      ) : cards.data.items.length === 0 ? (
        <p className="rounded-2xl border border-border bg-surface p-6 text-center text-muted-foreground">
          {featuredOnly && !search ? t('cards.emptyFeatured') : t('cards.empty')}
        </p>
      ) : (
        <>
          <ul className="flex flex-col gap-2" aria-busy={cards.isFetching}>
            {cards.data.items.map((card) => (
              <CardRow key={card.userId} card={card} />
            ))}
          </ul>
          <AdminPager
            page={page}
            pageSize={cards.data.pageSize}
            total={cards.data.total}
            capped={cards.data.totalCapped}
            onPage={setPage}
          />
        </>
      )}
    </div>
  );
}
