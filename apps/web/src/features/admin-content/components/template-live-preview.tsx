import type { Language } from '@aaspaas/domain';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/ui/skeleton';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { cn } from '@/lib/utils';
import { type TemplateDraft, useTemplatePreview } from '../api/preview-admin-template';

const PREVIEW_DEBOUNCE_MS = 500;

/** What the preview draws: the form's picture fields, as typed. */
export type PreviewFields = {
  backgroundUrl: string;
  text: string;
  textHi: string;
  textColor: string;
  x: string;
  y: string;
  width: string;
  height: string;
};

/**
 * The template drawn by the server's renderer (the one businesses get) with a sample business, in
 * English or in Hindi: the Hindi picture text when written, else the English one, as a Hindi
 * business would get it.
 */
export function TemplateLivePreview({ fields }: { fields: PreviewFields }) {
  const { t } = useTranslation('admin-content');
  const [language, setLanguage] = useState<Language>('en');
  const text = language === 'hi' && fields.textHi.trim() ? fields.textHi : fields.text;
  const draftKey = JSON.stringify([
    fields.backgroundUrl,
    text,
    fields.textColor,
    fields.x,
    fields.y,
    fields.width,
    fields.height,
  ]);
  const draft: TemplateDraft | null = useMemo(() => {
    const [backgroundUrl, drawn, textColor, x, y, width, height] = JSON.parse(draftKey) as string[];
    const textArea = { x: Number(x), y: Number(y), width: Number(width), height: Number(height) };
    if (!backgroundUrl || Object.values(textArea).some((v) => Number.isNaN(v))) return null;
    return { backgroundUrl, text: drawn ?? '', textColor: textColor ?? '#ffffff', textArea, language };
  }, [draftKey, language]);
  const preview = useTemplatePreview(useDebouncedValue(draft, PREVIEW_DEBOUNCE_MS));

  return (
    <section aria-labelledby="template-preview-heading" className="flex flex-col gap-2">
      <h2 id="template-preview-heading" className="text-sm font-semibold text-muted-foreground uppercase">
        {t('templates.preview')}
      </h2>
      <div role="group" aria-label={t('templates.previewLanguage')} className="flex gap-2">
        {(['en', 'hi'] as const).map((lng) => (
          <button
            key={lng}
            type="button"
            aria-pressed={language === lng}
            onClick={() => setLanguage(lng)}
            className={cn(
              'min-h-11 rounded-full border px-4 font-semibold',
              language === lng ? 'border-primary bg-primary-soft text-primary-hover' : 'border-border bg-surface hover:bg-muted',
            )}
          >
            {lng === 'en' ? t('templates.previewEnglish') : t('templates.previewHindi')}
          </button>
        ))}
      </div>
      {preview.data ? (
        <img
          src={preview.data.image}
          alt={t('templates.previewAlt')}
          data-testid="template-preview"
          className="w-full rounded-2xl border border-border"
        />
      ) : preview.isFetching ? (
        <Skeleton className="aspect-square w-full" />
      ) : null}
      {preview.error ? (
        <p role="alert" className="text-sm font-semibold text-danger">
          {t('templates.previewError', { message: preview.error.message })}
        </p>
      ) : null}
    </section>
  );
}
