import { PRODUCT_NAME, fillTemplateLines, fillTemplateText, templateValues, type AppUser, type Template } from '@aaspaas/domain';
import { AlertTriangle, SearchX, UserPen } from 'lucide-react';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ErrorCard } from '@/components/errors/error-card';
import { Badge } from '@/components/ui/badge';
import { Button, buttonVariants } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useLocalName } from '@/hooks/use-local-name';
import { useTemplateInLanguage } from '../hooks/use-template-in-language';
import { isNetworkError } from '@/lib/not-found';
import { postPrefillState } from '@/lib/post-prefill';
import { useTemplate } from '../api/get-template';
import { useRenderTemplate } from '../api/render-template';
import { useOfferDraft } from '../hooks/use-offer-draft';
import { offerFieldsOf, parseOfferDraft, usesPlaceholder, type OfferField } from '../utils/offer-draft';
import { OfferFields, offerFieldId } from './offer-fields';
import { PageHeader } from '@/components/layouts/page-header';
import { TemplatePicture } from './template-picture';

const FIELD_ORDER: readonly OfferField[] = ['offer', 'mrp', 'price', 'validUntil'];

/** Profile details the template shows but the profile lacks, each with its field on /edit-profile. */
function MissingDetails({ template, user }: { template: Template; user: AppUser }) {
  const { t } = useTranslation('templates');
  const missing = [
    usesPlaceholder(template, 'city') && !user.city?.trim() ? { key: 'city', anchor: 'city' } : null,
    usesPlaceholder(template, 'phone') && !user.businessPhone ? { key: 'phone', anchor: 'businessPhone' } : null,
  ].filter((m): m is { key: 'city' | 'phone'; anchor: string } => m !== null);
  if (!missing.length) return null;
  return (
    <section
      aria-labelledby="template-missing-title"
      className="rounded-2xl border border-primary/40 bg-primary-soft p-4"
      data-testid="missing-details"
    >
      <h2 id="template-missing-title" className="font-bold">
        {t('preview.missing.title')}
      </h2>
      <ul className="mt-2 flex flex-col gap-2">
        {missing.map((m) => (
          <li key={m.key} className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <span>{t(`preview.missing.${m.key}`)}</span>
            <Link
              to={`${paths.account.editProfile.getHref()}#${m.anchor}`}
              className="inline-flex min-h-11 items-center gap-1 font-semibold text-primary-hover underline underline-offset-4"
            >
              <UserPen className="size-4" aria-hidden="true" />
              {t('preview.missing.editProfile')}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The template filled with the business's details and the owner's words, and "Use this". */
function TemplateEditor({ template: stored, user }: { template: Template; user: AppUser }) {
  const { t } = useTranslation('templates');
  // The picture text and post text in the language shown; the server draws the picture in it too.
  const { template, language } = useTemplateInLanguage(stored);
  const { t: tCommon } = useTranslation();
  const navigate = useNavigate();
  const render = useRenderTemplate();
  const { draft, setField, clear } = useOfferDraft(template.id);
  const [touched, setTouched] = useState<ReadonlySet<OfferField>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const fields = offerFieldsOf(template);
  const parsed = parseOfferDraft(draft, t('preview.form.rupeesInvalid'));
  const shownErrors = Object.fromEntries(
    Object.entries(parsed.errors).filter(([field]) => submitted || touched.has(field as OfferField)),
  ) as typeof parsed.errors;

  // The preview shows what parses; a price that is not a number yet, or a date out of range, is left out.
  const { body, errors } = parsed;
  const pricesReadable = !errors.mrp && !errors.price;
  const values = useMemo(
    () =>
      templateValues({
        businessName: user.businessName,
        city: user.city,
        phone: user.businessPhone,
        offer: errors.offer ? null : body.offer,
        mrpPaise: fields.prices && pricesReadable ? body.mrpPaise : null,
        ourPricePaise: fields.prices && pricesReadable ? body.ourPricePaise : null,
        validUntil: fields.validUntil && !errors.validUntil ? body.validUntil : null,
        language,
      }),
    [
      user,
      body.offer,
      body.mrpPaise,
      body.ourPricePaise,
      body.validUntil,
      errors.offer,
      errors.validUntil,
      fields.prices,
      fields.validUntil,
      pricesReadable,
      language,
    ],
  );
  const lines = useMemo(() => fillTemplateLines(template.text, values), [template.text, values]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    const firstInvalid = FIELD_ORDER.find((f) => parsed.errors[f]);
    if (firstInvalid) {
      document.getElementById(offerFieldId(firstInvalid))?.focus();
      return;
    }
    const offerBody = fields.prices ? body : { ...body, mrpPaise: null, ourPricePaise: null };
    const request = fields.validUntil ? offerBody : { ...offerBody, validUntil: null };
    try {
      const rendered = await render.mutateAsync({ id: template.id, body: { ...request, language } });
      const isOffer = template.kind === 'offer';
      const href = isOffer ? paths.app.sendOffers.getHref() : paths.app.sendPost.getHref();
      const state = postPrefillState({
        content: fillTemplateText(
          template.defaultContent,
          templateValues({ businessName: user.businessName, city: user.city, phone: user.businessPhone, ...request, language }),
        ),
        hashtags: template.defaultHashtags,
        images: [rendered.url],
        // The template's category only when the shop has it; the composer otherwise starts with the shop's first.
        category: user.businessCategories.find((c) => c.toLowerCase() === template.category.toLowerCase()),
        ...(isOffer ? { mrpPaise: request.mrpPaise, ourPricePaise: request.ourPricePaise } : {}),
        validUntil: request.validUntil,
        templateId: template.id,
      });
      clear();
      void navigate(href, { state });
    } catch {
      // The mutation's error is shown below the button.
    }
  }

  const renderError = render.error ? (isNetworkError(render.error) ? tCommon('errors.offline') : render.error.message) : null;
  const pictureText = lines.map((l) => l.text).join('. ');
  const hasFields = fields.offer || fields.prices || fields.validUntil;

  return (
    <div className="grid gap-5 lg:grid-cols-[minmax(0,28rem)_minmax(0,1fr)] lg:items-start">
      <section className="flex flex-col gap-2 lg:sticky lg:top-20">
        <TemplatePicture
          template={template}
          lines={lines}
          label={t('preview.pictureLabel', { text: pictureText })}
          unavailableText={t('preview.imageUnavailable')}
        />
        <p className="text-sm text-muted-foreground">{t('preview.pictureHint')}</p>
      </section>
      <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-4" aria-labelledby="template-form-title">
        <MissingDetails template={template} user={user} />
        <h2 id="template-form-title" className="text-lg font-bold">
          {template.kind === 'offer' ? t('preview.form.title') : t('preview.form.titlePost')}
        </h2>
        {hasFields ? (
          <OfferFields
            kind={template.kind}
            fields={fields}
            draft={draft}
            errors={shownErrors}
            discount={parsed.discount}
            onChange={setField}
            onBlur={(field) => setTouched((s) => new Set(s).add(field))}
          />
        ) : null}
        <div className="flex flex-col gap-2">
          <Button
            type="submit"
            size="lg"
            className="w-full sm:w-auto sm:self-start"
            disabled={render.isPending}
            aria-describedby={renderError ? 'template-render-error' : undefined}
          >
            {render.isPending ? <Spinner className="size-5" /> : null}
            {render.isPending ? t('preview.using') : t('preview.use')}
          </Button>
          <span className="sr-only" role="status">
            {render.isPending ? t('preview.using') : ''}
          </span>
          {submitted && Object.keys(parsed.errors).length ? (
            <p role="alert" className="text-sm font-semibold text-danger">
              {t('preview.fixErrors')}
            </p>
          ) : null}
          {renderError ? (
            <div
              id="template-render-error"
              role="alert"
              className="flex items-start gap-2 rounded-xl border border-danger/40 bg-danger-soft p-3"
            >
              <AlertTriangle className="mt-0.5 size-5 shrink-0 text-danger" aria-hidden="true" />
              <p>
                <span className="font-bold text-danger">{t('preview.renderFailed')}: </span>
                {renderError}
              </p>
            </div>
          ) : null}
        </div>
      </form>
    </div>
  );
}

function PreviewSkeleton() {
  const { t } = useTranslation('templates');
  return (
    <div className="grid gap-5 lg:grid-cols-[minmax(0,28rem)_minmax(0,1fr)]" data-testid="template-loading">
      <span className="sr-only" role="status">
        {t('preview.loading')}
      </span>
      <Skeleton className="aspect-square w-full rounded-2xl" />
      <div className="flex flex-col gap-4">
        {[0, 1, 2].map((i) => (
          <div key={i} className="flex flex-col gap-2">
            <Skeleton className="h-5 w-28" />
            <Skeleton className="h-11 w-full" />
          </div>
        ))}
      </div>
    </div>
  );
}

function TemplateNotFound() {
  const { t } = useTranslation('templates');
  return (
    <section role="alert" className="rounded-2xl border border-border bg-surface p-6 text-center">
      <SearchX className="mx-auto size-10 text-muted-foreground" aria-hidden="true" />
      <h2 className="mt-3 text-lg font-bold">{t('preview.notFound.title')}</h2>
      <p className="mt-1 text-muted-foreground">{t('preview.notFound.body')}</p>
      <Link to={paths.app.addTemplates.getHref()} className={buttonVariants({ size: 'lg', className: 'mt-5' })}>
        {t('backToTemplates')}
      </Link>
    </section>
  );
}

/** /template-preview/{id}: the template with the business's own details, the owner's words, "Use this". */
export function TemplatePreviewPage({ id, user }: { id: string; user: AppUser }) {
  const { t } = useTranslation('templates');
  const { t: tCommon } = useTranslation();
  const template = useTemplate(id);
  const localName = useLocalName();
  const shownTitle = template.data ? localName(template.data.title, template.data.titleHi) : null;
  useDocumentTitle(`${shownTitle ?? t('preview.documentTitle')} · ${PRODUCT_NAME}`);

  let body;
  let title = t('preview.documentTitle');
  if (template.data) {
    title = shownTitle ?? template.data.title;
    body = <TemplateEditor key={template.data.id} template={template.data} user={user} />;
  } else if (template.data === null) {
    body = <TemplateNotFound />;
  } else if (template.isError) {
    body = (
      <ErrorCard
        title={t('preview.error')}
        message={isNetworkError(template.error) ? tCommon('errors.offline') : template.error.message}
        onRetry={() => void template.refetch()}
        retrying={template.isFetching}
        retryLabel={tCommon('retry')}
      />
    );
  } else body = <PreviewSkeleton />;

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-4 px-4 py-5">
      <PageHeader title={title} back={{ to: paths.app.addTemplates.getHref(), label: t('backToTemplates') }}>
        {template.data ? (
          <Badge variant={template.data.kind === 'offer' ? 'primary' : 'neutral'}>{t(`kind.${template.data.kind}`)}</Badge>
        ) : null}
      </PageHeader>
      {body}
    </div>
  );
}
