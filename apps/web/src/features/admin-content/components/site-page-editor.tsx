import { POLICY_SLUGS, PRODUCT_NAME, type SitePageSlug } from '@aaspaas/domain';
import { ExternalLink, History } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorCard } from '@/components/errors/error-card';
import { Button, buttonVariants } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import { Input } from '@/components/ui/input';
import { ServerHtml } from '@/components/ui/server-html';
import { Skeleton } from '@/components/ui/skeleton';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { formatIndiaDate } from '@/lib/format';
import { isNotFoundError } from '@/lib/not-found';
import { notify } from '@/lib/notify';
import { useCurrentPage } from '../api/get-current-page';
import { usePageVersions } from '../api/get-page-versions';
import { useSitePagePreview } from '../api/preview-site-page';
import { usePublishSitePage } from '../api/publish-site-page';

const PREVIEW_DEBOUNCE_MS = 400;

/** /admin/about-us and the other landing pages: Markdown with the server's preview, publish, kept versions. */
export function SitePageEditor({ slug, publicHref }: { slug: SitePageSlug; publicHref: string }) {
  const { t } = useTranslation('admin-content');
  const { t: tCommon } = useTranslation();
  const pageName = t(`pages.titles.${slug}`);
  useDocumentTitle(`${pageName} · ${PRODUCT_NAME}`);
  const current = useCurrentPage(slug);
  const versions = usePageVersions(slug);
  const publish = usePublishSitePage(slug);
  // The admin's draft once they type; until then the page as published (or an empty one never published).
  const [draft, setDraft] = useState<{ title: string; body: string } | null>(null);
  const neverPublished = current.isError && isNotFoundError(current.error);
  const loaded = Boolean(current.data) || neverPublished || draft !== null;
  const title = draft?.title ?? current.data?.title ?? pageName;
  const body = draft?.body ?? current.data?.body ?? '';
  const setTitle = (value: string) => setDraft({ title: value, body });
  const setBody = (value: string) => setDraft({ title, body: value });
  const [confirming, setConfirming] = useState(false);
  const preview = useSitePagePreview(useDebouncedValue(body, PREVIEW_DEBOUNCE_MS));

  if (current.isError && !isNotFoundError(current.error) && !loaded) {
    return (
      <ErrorCard
        heading="h1"
        title={t('pages.loadError')}
        message={current.error.message}
        onRetry={() => void current.refetch()}
        retrying={current.isFetching}
        retryLabel={t('retry')}
      />
    );
  }

  const isPolicy = (POLICY_SLUGS as readonly string[]).includes(slug);
  const onPublish = () =>
    publish.mutate(
      { title, body },
      {
        onSuccess: () => {
          setConfirming(false);
          void notify(t('pages.published'), 'success');
        },
      },
    );

  return (
    <div className="flex flex-col gap-4">
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h1 className="text-2xl font-extrabold">{pageName}</h1>
          <p className="text-muted-foreground">{t('pages.intro')}</p>
        </div>
        <a
          href={publicHref}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonVariants({ variant: 'secondary', size: 'sm' })}
        >
          <ExternalLink className="size-4" aria-hidden="true" />
          {t('pages.viewPublic')}
        </a>
      </header>
      {!loaded ? (
        <div role="status" className="space-y-3">
          <span className="sr-only">{t('loading')}</span>
          <Skeleton className="h-11" />
          <Skeleton className="h-64" />
        </div>
      ) : (
        <form
          className="grid gap-4 lg:grid-cols-2"
          onSubmit={(event) => {
            event.preventDefault();
            publish.reset();
            setConfirming(true);
          }}
        >
          <div className="flex flex-col gap-3">
            <FormField id="page-title" label={t('pages.title')}>
              {(control) => (
                <Input {...control} value={title} onChange={(e) => setTitle(e.target.value)} required maxLength={120} />
              )}
            </FormField>
            <FormField id="page-body" label={t('pages.body')}>
              {(control) => (
                <Textarea
                  {...control}
                  value={body}
                  onChange={(e) => setBody(e.target.value)}
                  rows={18}
                  className="font-mono text-sm"
                  required
                />
              )}
            </FormField>
            <Button type="submit" size="lg" disabled={publish.isPending}>
              {t('pages.publish')}
            </Button>
          </div>
          <section aria-labelledby="page-preview-heading" className="rounded-2xl border border-border bg-surface p-4">
            <h2 id="page-preview-heading" className="mb-2 text-sm font-semibold text-muted-foreground uppercase">
              {t('pages.preview')}
            </h2>
            {preview.data && body.trim() ? (
              <ServerHtml html={preview.data.html} testId="page-preview" />
            ) : (
              <p className="text-muted-foreground">{t('pages.previewEmpty')}</p>
            )}
          </section>
        </form>
      )}
      <section aria-labelledby="versions-heading" className="rounded-2xl border border-border bg-surface p-4">
        <h2 id="versions-heading" className="flex items-center gap-2 font-bold">
          <History className="size-5" aria-hidden="true" />
          {t('pages.versions')}
        </h2>
        {versions.isPending ? (
          <Skeleton className="mt-2 h-16" />
        ) : versions.isError ? (
          <p role="alert" className="mt-2 text-danger">
            {versions.error.message}
          </p>
        ) : versions.data.length === 0 ? (
          <p className="mt-2 text-muted-foreground">{t('pages.noVersions')}</p>
        ) : (
          <ol className="mt-2 divide-y divide-border" data-testid="page-versions">
            {versions.data.map((version) => {
              const date = formatIndiaDate(version.publishedAt);
              return (
                <li key={version.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <span>
                    <span className="font-semibold">{version.title}</span>{' '}
                    <span className="text-sm text-muted-foreground">
                      {version.publishedBy
                        ? t('pages.versionBy', { date, email: version.publishedBy })
                        : t('pages.versionByNobody', { date })}
                    </span>
                  </span>
                  <Button variant="ghost" size="sm" onClick={() => setDraft({ title: version.title, body: version.body })}>
                    {t('pages.restore')}
                  </Button>
                </li>
              );
            })}
          </ol>
        )}
      </section>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('pages.confirmTitle')}
        description={isPolicy ? `${t('pages.confirmBody')} ${t('pages.confirmPolicy')}` : t('pages.confirmBody')}
        confirmLabel={t('pages.publish')}
        cancelLabel={t('pages.cancel')}
        onConfirm={onPublish}
        pending={publish.isPending}
        pendingLabel={t('pages.publishing')}
        error={publish.error ? publish.error.message || tCommon('errors.offline') : null}
      />
    </div>
  );
}
