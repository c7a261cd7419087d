import { PRODUCT_NAME } from '@aaspaas/domain/rules';
import { LayoutTemplate, SearchX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ErrorCard } from '@/components/errors/error-card';
import { Button, buttonVariants } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { isNetworkError } from '@/lib/not-found';
import { useTemplateCategories } from '../api/get-template-categories';
import { useTemplates } from '../api/get-templates';
import { CategoryFilter } from './category-filter';
import { GRID_CLASS, TemplateCard, TemplateGridSkeleton } from './template-card';
import { PageHeader } from '@/components/layouts/page-header';

/** Cards above the fold on a phone load at once; the rest as they scroll into view. */
const EAGER_CARDS = 4;

function EmptyState({ category, onShowAll }: { category: string | undefined; onShowAll: () => void }) {
  const { t } = useTranslation('templates');
  if (category) {
    return (
      <section className="rounded-2xl border border-border bg-surface p-6 text-center">
        <SearchX className="mx-auto size-10 text-muted-foreground" aria-hidden="true" />
        <h2 className="mt-3 text-lg font-bold">{t('browse.emptyCategory.title')}</h2>
        <p className="mt-1 text-muted-foreground">{t('browse.emptyCategory.body')}</p>
        <Button variant="secondary" size="lg" className="mt-4" onClick={onShowAll}>
          {t('browse.emptyCategory.showAll')}
        </Button>
      </section>
    );
  }
  return (
    <section className="rounded-2xl border border-border bg-surface p-6 text-center">
      <LayoutTemplate className="mx-auto size-12 text-primary" aria-hidden="true" />
      <h2 className="mt-3 text-xl font-bold">{t('browse.empty.title')}</h2>
      <p className="mt-2 text-muted-foreground">{t('browse.empty.body')}</p>
      <Link to={paths.app.sendPost.getHref()} className={buttonVariants({ size: 'lg', className: 'mt-5' })}>
        {t('browse.empty.createPost')}
      </Link>
    </section>
  );
}

/** /add-templates: the ready designs, by category (?category= keeps the choice in the URL and history). */
export function TemplatesPage() {
  const { t } = useTranslation('templates');
  const { t: tCommon } = useTranslation();
  const [params, setParams] = useSearchParams();
  const category = params.get('category')?.trim() || undefined;
  const categories = useTemplateCategories();
  const templates = useTemplates(category);
  useDocumentTitle(`${t('browse.documentTitle')} · ${PRODUCT_NAME}`);

  const choose = (next: string | undefined) =>
    setParams(next ? { category: next } : {}, { replace: true, state: { keepScroll: true } });

  let body;
  if (templates.data) {
    body = templates.data.length ? (
      <>
        <p className="text-sm text-muted-foreground" role="status" data-testid="templates-count">
          {t('browse.count', { count: templates.data.length })}
        </p>
        <ul className={GRID_CLASS} aria-label={t('browse.title')}>
          {templates.data.map((template, i) => (
            <TemplateCard key={template.id} template={template} eager={i < EAGER_CARDS} />
          ))}
        </ul>
      </>
    ) : (
      <EmptyState category={category} onShowAll={() => choose(undefined)} />
    );
  } else if (templates.isError) {
    body = (
      <ErrorCard
        title={t('browse.error')}
        message={isNetworkError(templates.error) ? tCommon('errors.offline') : templates.error.message}
        onRetry={() => void templates.refetch()}
        retrying={templates.isFetching}
        retryLabel={tCommon('retry')}
      />
    );
  } else body = <TemplateGridSkeleton />;

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-4 px-4 py-5">
      <PageHeader
        title={t('browse.title')}
        intro={t('browse.intro')}
        back={{ to: paths.app.root.getHref(), label: t('backHome') }}
      />
      <CategoryFilter categories={categories.data ?? []} loading={categories.isPending} value={category} onChange={choose} />
      {categories.isError ? <p className="text-sm text-muted-foreground">{t('browse.categoriesError')}</p> : null}
      {body}
    </div>
  );
}
