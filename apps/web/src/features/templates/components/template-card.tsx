import { fillTemplateLines, type Template } from '@aaspaas/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useLocalName } from '@/hooks/use-local-name';
import { useTemplateInLanguage } from '../hooks/use-template-in-language';
import { TemplatePicture } from './template-picture';

/** Two columns on a phone, three on a tablet, four from 1024 px: a phone fetches the 480 px variant. */
const THUMB_SIZES = '(min-width: 1024px) 240px, (min-width: 640px) 33vw, 50vw';
export const GRID_CLASS = 'grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4';

/** One template in the grid: its picture, title and kind; the whole card opens its preview. */
export function TemplateCard({ template: stored, eager }: { template: Template; eager: boolean }) {
  const { t } = useTranslation('templates');
  const { template } = useTemplateInLanguage(stored);
  const kind = t(`kind.${template.kind}`);
  const title = useLocalName()(template.title, template.titleHi);
  // The design's own words (its headline): the lines that need no business detail.
  const sampleLines = useMemo(() => fillTemplateLines(template.text, {}), [template.text]);
  return (
    <li className="flex">
      <Link
        to={paths.app.templatePreview.getHref(template.id)}
        aria-label={t('browse.open', { title, kind })}
        className="flex w-full flex-col overflow-hidden rounded-2xl border border-border bg-surface transition-colors hover:border-primary"
      >
        <TemplatePicture
          template={template}
          lines={sampleLines}
          label={null}
          unavailableText={t('preview.imageUnavailable')}
          sizes={THUMB_SIZES}
          loading={eager ? 'eager' : 'lazy'}
          className="rounded-none"
        />
        <span className="flex flex-1 flex-col items-start gap-1 p-3">
          <span className="leading-tight font-bold">{title}</span>
          <Badge variant={template.kind === 'offer' ? 'primary' : 'neutral'}>{kind}</Badge>
        </span>
      </Link>
    </li>
  );
}

export function TemplateGridSkeleton({ count = 8 }: { count?: number }) {
  const { t } = useTranslation('templates');
  return (
    <div data-testid="templates-loading">
      <span className="sr-only" role="status">
        {t('browse.loading')}
      </span>
      <div className={GRID_CLASS}>
        {Array.from({ length: count }, (_, i) => (
          <div key={i} className="flex flex-col overflow-hidden rounded-2xl border border-border bg-surface">
            <Skeleton className="aspect-square w-full rounded-none" />
            <div className="flex flex-col gap-2 p-3">
              <Skeleton className="h-4 w-3/4" />
              <Skeleton className="h-4 w-12 rounded-full" />
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}
