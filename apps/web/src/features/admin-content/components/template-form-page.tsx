import { PRODUCT_NAME, TEMPLATE_KINDS, TEMPLATE_OCCASIONS, type TemplateKind } from '@aaspaas/domain';
import { ArrowLeft, ImageUp } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ErrorCard } from '@/components/errors/error-card';
import { Button } from '@/components/ui/button';
import { CheckboxField, FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { isNotFoundError } from '@/lib/not-found';
import { notify } from '@/lib/notify';
import { useAdminTemplate } from '../api/get-admin-template';
import { useAdminCategories } from '../api/get-categories';
import { useSaveAdminTemplate } from '../api/save-admin-template';
import { useUploadBackground } from '../api/upload-background';
import { TemplateLivePreview } from './template-live-preview';
import { EMPTY, type Form, formOf, requestOf } from '../utils/template-form';

const selectClass = 'min-h-11 w-full rounded-xl border border-border bg-surface px-3 text-base';

/** Add or edit a template, with a live preview drawn by the server's renderer (the one businesses get). */
export function TemplateFormPage({ id }: { id?: string }) {
  const { t } = useTranslation('admin-content');
  const navigate = useNavigate();
  const existing = useAdminTemplate(id);
  const categories = useAdminCategories('template');
  const save = useSaveAdminTemplate(id);
  const upload = useUploadBackground();
  // The admin's changes over the stored template (or the empty form): what the form shows is both.
  const [edits, setEdits] = useState<Partial<Form>>({});
  const initial = id ? (existing.data ? formOf(existing.data) : null) : EMPTY;
  const form: Form | null = initial ? { ...initial, ...edits } : null;
  const title = id ? t('templates.editTitle') : t('templates.addTitle');
  useDocumentTitle(`${title} · ${PRODUCT_NAME}`);

  const set = <K extends keyof Form>(key: K, value: Form[K]) => setEdits((e) => ({ ...e, [key]: value }));

  const back = (
    <Link to={paths.admin.templates.getHref()} className="inline-flex min-h-11 items-center gap-2 font-semibold text-primary">
      <ArrowLeft className="size-5" aria-hidden="true" />
      {t('templates.back')}
    </Link>
  );

  if (id && existing.isError) {
    return (
      <div>
        {back}
        <ErrorCard
          heading="h1"
          title={isNotFoundError(existing.error) ? t('templates.notFound') : t('templates.loadError')}
          message={existing.error.message}
          onRetry={() => void existing.refetch()}
          retrying={existing.isFetching}
          retryLabel={t('retry')}
        />
      </div>
    );
  }
  if (!form) {
    return (
      <div role="status" className="space-y-3">
        <span className="sr-only">{t('loading')}</span>
        <Skeleton className="h-11" />
        <Skeleton className="h-96" />
      </div>
    );
  }

  const field = (key: keyof Form) => `template-${key}`;
  // A new template's form takes no typing once it is sent: the edit page that follows shows the stored
  // template, and whatever was typed after the save (during a slow request, or before the page changed) would be lost.
  const locked = !id && (save.isPending || save.isSuccess);
  const onSubmit = () =>
    save.mutate(requestOf(form), {
      onSuccess: (saved) => {
        void notify(t('templates.saved'), 'success');
        if (!id) void navigate(paths.admin.templatesEdit.getHref(saved.id), { replace: true });
      },
    });

  return (
    <div className="flex flex-col gap-4">
      {back}
      <h1 className="text-2xl font-extrabold">{title}</h1>
      <form
        className="grid gap-4 lg:grid-cols-2"
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <fieldset disabled={locked} className="contents">
          <div className="flex flex-col gap-3">
            <FormField id={field('title')} label={t('templates.templateTitle')}>
              {(c) => <Input {...c} value={form.title} onChange={(e) => set('title', e.target.value)} required maxLength={80} />}
            </FormField>
            <FormField id={field('titleHi')} label={t('templates.titleHi')} hint={t('templates.titleHiHint')}>
              {(c) => (
                <Input {...c} lang="hi" value={form.titleHi} onChange={(e) => set('titleHi', e.target.value)} maxLength={60} />
              )}
            </FormField>
            <FormField id={field('categoryId')} label={t('templates.category')}>
              {(c) => (
                <select
                  {...c}
                  className={selectClass}
                  value={form.categoryId}
                  onChange={(e) => set('categoryId', e.target.value)}
                  required
                >
                  <option value="">{t('templates.chooseCategory')}</option>
                  {(categories.data ?? []).map((category) => (
                    <option key={category.id} value={category.id}>
                      {category.name}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
            <FormField id={field('kind')} label={t('templates.kind')}>
              {(c) => (
                <select
                  {...c}
                  className={selectClass}
                  value={form.kind}
                  onChange={(e) => set('kind', e.target.value as TemplateKind)}
                >
                  {TEMPLATE_KINDS.map((kind) => (
                    <option key={kind} value={kind}>
                      {t(`templates.kinds.${kind}`)}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
            <div className="flex flex-col gap-1">
              <span className="font-semibold">{t('templates.background')}</span>
              <label className="inline-flex min-h-11 w-fit cursor-pointer items-center gap-2 rounded-xl border border-border bg-surface px-4 font-semibold hover:bg-muted">
                <ImageUp className="size-5" aria-hidden="true" />
                {upload.isPending ? t('templates.uploading') : t('templates.uploadBackground')}
                <input
                  type="file"
                  accept="image/jpeg,image/png,image/webp"
                  className="sr-only"
                  data-testid="template-background-input"
                  onChange={(e) => {
                    const file = e.target.files?.[0];
                    if (file) upload.mutate(file, { onSuccess: (uploaded) => set('backgroundUrl', uploaded.url) });
                    e.target.value = '';
                  }}
                />
              </label>
              {upload.error ? (
                <p role="alert" className="text-sm font-semibold text-danger">
                  {upload.error.message}
                </p>
              ) : null}
            </div>
            <FormField id={field('text')} label={t('templates.text')} hint={t('templates.textHint')}>
              {(c) => (
                <Textarea {...c} rows={5} value={form.text} onChange={(e) => set('text', e.target.value)} maxLength={600} />
              )}
            </FormField>
            <FormField id={field('textHi')} label={t('templates.textHi')} hint={t('templates.textHiHint')}>
              {(c) => (
                <Textarea
                  {...c}
                  lang="hi"
                  rows={5}
                  value={form.textHi}
                  onChange={(e) => set('textHi', e.target.value)}
                  maxLength={600}
                />
              )}
            </FormField>
            <FormField id={field('textColor')} label={t('templates.textColor')}>
              {(c) => (
                <Input
                  {...c}
                  type="color"
                  className="h-11 w-24 p-1"
                  value={form.textColor}
                  onChange={(e) => set('textColor', e.target.value)}
                />
              )}
            </FormField>
            <fieldset className="grid grid-cols-2 gap-2 sm:grid-cols-4">
              <legend className="mb-1 font-semibold">{t('templates.area')}</legend>
              {(['x', 'y', 'width', 'height'] as const).map((key) => (
                <FormField
                  key={key}
                  id={field(key)}
                  label={t(`templates.area${key === 'x' ? 'X' : key === 'y' ? 'Y' : key === 'width' ? 'Width' : 'Height'}`)}
                >
                  {(c) => (
                    <Input
                      {...c}
                      type="number"
                      min={0}
                      max={1}
                      step={0.01}
                      value={form[key]}
                      onChange={(e) => set(key, e.target.value)}
                    />
                  )}
                </FormField>
              ))}
            </fieldset>
            <FormField id={field('defaultContent')} label={t('templates.defaultContent')}>
              {(c) => (
                <Textarea {...c} rows={3} value={form.defaultContent} onChange={(e) => set('defaultContent', e.target.value)} />
              )}
            </FormField>
            <FormField
              id={field('defaultContentHi')}
              label={t('templates.defaultContentHi')}
              hint={t('templates.defaultContentHiHint')}
            >
              {(c) => (
                <Textarea
                  {...c}
                  lang="hi"
                  rows={3}
                  value={form.defaultContentHi}
                  onChange={(e) => set('defaultContentHi', e.target.value)}
                  maxLength={2000}
                />
              )}
            </FormField>
            <FormField id={field('hashtags')} label={t('templates.hashtags')}>
              {(c) => <Input {...c} value={form.hashtags} onChange={(e) => set('hashtags', e.target.value)} />}
            </FormField>
            <FormField id={field('occasion')} label={t('templates.occasion')}>
              {(c) => (
                <select {...c} className={selectClass} value={form.occasion} onChange={(e) => set('occasion', e.target.value)}>
                  <option value="">{t('templates.noOccasion')}</option>
                  {[...new Set([...TEMPLATE_OCCASIONS, ...(form.occasion ? [form.occasion] : [])])].map((o) => (
                    <option key={o} value={o}>
                      {o}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
            <div className="grid grid-cols-2 gap-2">
              <FormField id={field('startsOn')} label={t('templates.startsOn')}>
                {(c) => <Input {...c} type="date" value={form.startsOn} onChange={(e) => set('startsOn', e.target.value)} />}
              </FormField>
              <FormField id={field('endsOn')} label={t('templates.endsOn')}>
                {(c) => <Input {...c} type="date" value={form.endsOn} onChange={(e) => set('endsOn', e.target.value)} />}
              </FormField>
            </div>
            <FormField id={field('sortOrder')} label={t('templates.sortOrder')}>
              {(c) => (
                <Input {...c} type="number" min={0} value={form.sortOrder} onChange={(e) => set('sortOrder', e.target.value)} />
              )}
            </FormField>
            <CheckboxField
              id={field('published')}
              label={t('templates.publishNow')}
              checked={form.published}
              onChange={(e) => set('published', e.target.checked)}
            />
            {save.error ? (
              <p role="alert" className="font-semibold text-danger">
                {save.error.message}
              </p>
            ) : null}
            <Button type="submit" size="lg" disabled={save.isPending || !form.backgroundUrl}>
              {save.isPending ? t('saving') : t('templates.save')}
            </Button>
          </div>
          <TemplateLivePreview fields={form} />
        </fieldset>
      </form>
    </div>
  );
}
