import { type AdminTemplate, PRODUCT_NAME } from '@aaspaas/domain';
import { Plus, Search } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorCard } from '@/components/errors/error-card';
import { Badge } from '@/components/ui/badge';
import { Button, buttonVariants } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { notify } from '@/lib/notify';
import { useAdminTemplates } from '../api/get-admin-templates';
import { usePublishAdminTemplate } from '../api/publish-admin-template';
import { AdminPager } from './admin-pager';

const SEARCH_DEBOUNCE_MS = 300;

function TemplateRow({ template }: { template: AdminTemplate }) {
  const { t } = useTranslation('admin-content');
  const publish = usePublishAdminTemplate();
  const window =
    template.startsOn || template.endsOn
      ? t('templates.window', { from: template.startsOn ?? '…', to: template.endsOn ?? '…' })
      : t('templates.always');
  return (
    <li
      className="flex flex-wrap items-center gap-3 rounded-2xl border border-border bg-surface p-3"
      data-testid="admin-template-row"
    >
      <img src={template.backgroundUrl} alt="" className="size-16 rounded-xl object-cover" loading="lazy" />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 font-bold">
          {template.title}
          <Badge variant={template.published ? 'success' : 'neutral'}>
            {template.published ? t('templates.published') : t('templates.draft')}
          </Badge>
        </p>
        <p className="text-sm text-muted-foreground">
          {[template.category, template.occasion, window].filter(Boolean).join(' · ')}
        </p>
        {publish.error ? (
          <p role="alert" className="text-sm font-semibold text-danger">
            {publish.error.message}
          </p>
        ) : null}
      </div>
      <div className="flex gap-2">
        <Button
          variant="secondary"
          size="sm"
          disabled={publish.isPending}
          onClick={() =>
            publish.mutate(
              { id: template.id, published: !template.published },
              {
                onSuccess: (saved) =>
                  void notify(saved.published ? t('templates.publishedToast') : t('templates.unpublishedToast'), 'success'),
              },
            )
          }
        >
          {template.published ? t('templates.unpublish') : t('templates.publish')}
        </Button>
        <Link to={paths.admin.templatesEdit.getHref(template.id)} className={buttonVariants({ size: 'sm' })}>
          {t('templates.edit')}
          <span className="sr-only">: {template.title}</span>
        </Link>
      </div>
    </li>
  );
}

/** /admin/templates: every template, published or not, a server page at a time. */
export function TemplatesListPage() {
  const { t } = useTranslation('admin-content');
  useDocumentTitle(`${t('templates.title')} · ${PRODUCT_NAME}`);
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const list = useAdminTemplates(useDebouncedValue(q.trim(), SEARCH_DEBOUNCE_MS), page);

  return (
    <div className="flex flex-col gap-4">
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h1 className="text-2xl font-extrabold">{t('templates.title')}</h1>
          <p className="text-muted-foreground">{t('templates.intro')}</p>
        </div>
        <Link to={paths.admin.templatesAdd.getHref()} className={buttonVariants()}>
          <Plus className="size-5" aria-hidden="true" />
          {t('templates.add')}
        </Link>
      </header>
      <label className="relative block">
        <span className="sr-only">{t('templates.searchLabel')}</span>
        <Search className="absolute top-3 left-3 size-5 text-muted-foreground" aria-hidden="true" />
        <Input
          type="search"
          className="pl-10"
          placeholder={t('templates.searchLabel')}
          value={q}
          onChange={(e) => {
            setQ(e.target.value);
            setPage(1);
          }}
        />
      </label>
      {list.isError && !list.data ? (
        <ErrorCard
          title={t('templates.loadError')}
          message={list.error.message}
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
          retryLabel={t('retry')}
        />
      ) : !list.data ? (
        <div role="status" className="space-y-2">
          <span className="sr-only">{t('loading')}</span>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-20" />
          ))}
        </div>
      ) : list.data.items.length === 0 ? (
        <p className="rounded-2xl border border-border bg-surface p-6 text-center text-muted-foreground">
          {t('templates.empty')}
        </p>
      ) : (
        <>
          <ul className="flex flex-col gap-2" aria-busy={list.isFetching}>
            {list.data.items.map((template) => (
              <TemplateRow key={template.id} template={template} />
            ))}
          </ul>
          <AdminPager page={page} pageSize={list.data.pageSize} total={list.data.total} onPage={setPage} />
        </>
      )}
    </div>
  );
}
