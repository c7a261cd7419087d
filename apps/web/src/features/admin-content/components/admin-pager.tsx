import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

/** Previous/next for a server-paged admin list, with where the admin is. */
export function AdminPager({
  page,
  pageSize,
  total,
  capped = false,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  /** The server counted up to `total` and stopped: there are more, and more pages. */
  capped?: boolean;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation('admin-content');
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav aria-label={t('pager.label')} className="flex items-center justify-between gap-2">
      <Button
        variant="secondary"
        size="icon"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
        aria-label={t('pager.previous')}
      >
        <ChevronLeft className="size-5" aria-hidden="true" />
      </Button>
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {capped ? t('pager.statusCapped', { page, pages, total }) : t('pager.status', { page, pages, total })}
      </p>
      <Button
        variant="secondary"
        size="icon"
        disabled={!capped && page >= pages}
        onClick={() => onPage(page + 1)}
        aria-label={t('pager.next')}
      >
        <ChevronRight className="size-5" aria-hidden="true" />
      </Button>
    </nav>
  );
}
