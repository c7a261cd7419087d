import { POST_CONTENT_MAX, PUBLISHING_MESSAGES, type AppUser, type OwnPost } from '@aaspaas/domain';
import { useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, LayoutTemplate, Send, Wallet, WifiOff } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Button, buttonVariants } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { ApiError, serverErrorField } from '@/lib/api-client';
import { isNetworkError } from '@/lib/not-found';
import { notify } from '@/lib/notify';
import { refetchAfterChange } from '@/lib/query-client';
import type { PostPrefill } from '@/lib/post-prefill';
import { nextPostCostKey } from '../api/get-next-post-cost';
import { useSavePost } from '../api/save-post';
import { useComposerDraft } from '../hooks/use-composer-draft';
import { useOnline } from '@/hooks/use-online';
import { PostCost } from './post-cost';
import { usePhotoUploads } from '../hooks/use-photo-uploads';
import { draftDiffers, draftKey as makeDraftKey, readDraft, writeDraft } from '../utils/draft-storage';
import {
  emptyComposerValues,
  FIELD_OF_INPUT,
  toPostInput,
  validateComposer,
  valuesFromPost,
  valuesFromPrefill,
  type ComposerMode,
  type ComposerValues,
} from '../utils/form-values';
import { photosBlocking, readyUrls } from '../utils/photo-list';
import { CategoryField } from './category-field';
import { DeliveryField } from './delivery-field';
import { HashtagField } from './hashtag-field';
import { LocationField, profileHasLocation } from './location-field';
import { PhotoField } from './photo-field';
import { PriceFields } from './price-fields';
import { ValidUntilField } from './valid-until-field';

type Start = {
  values: ComposerValues;
  images: string[];
  /** A saved draft was put back: say so, with a way to discard it. */
  restored: boolean;
  /** A template came while a draft was waiting: ask which to keep. */
  askTemplate: boolean;
  fromTemplate: boolean;
};

/** What the form starts with: the post (edit) or nothing, then a saved draft, then a template's prefill. */
function startingPoint(
  key: string,
  base: ComposerValues,
  baseImages: string[],
  prefill: PostPrefill | null,
  categories: string[],
): Start {
  const draft = readDraft(key);
  const hasDraft = draft !== null && draftDiffers(draft, base, baseImages);
  if (prefill) {
    if (hasDraft) return { values: draft.values, images: draft.images, restored: false, askTemplate: true, fromTemplate: false };
    const values = valuesFromPrefill(prefill, categories);
    const images = (prefill.images ?? []).slice();
    // Kept at once: the page drops the router state next, and a reload must find the template's text.
    writeDraft(key, { values, images, templateId: prefill.templateId });
    return { values, images, restored: false, askTemplate: false, fromTemplate: true };
  }
  if (hasDraft) return { values: draft.values, images: draft.images, restored: true, askTemplate: false, fromTemplate: false };
  return { values: base, images: baseImages, restored: false, askTemplate: false, fromTemplate: false };
}

/**
 * The composer of /send-post and /send-offers (and `?edit=` of an own post): text, photos,
 * category, hashtags and, for an offer, prices, delivery and the last day. Checked by the domain's
 * rules as the API checks them; kept as a draft on the phone until it is published.
 */
export function ComposerForm({
  mode,
  user,
  post,
  prefill,
}: {
  mode: ComposerMode;
  user: AppUser;
  post: OwnPost | null;
  prefill: PostPrefill | null;
}) {
  const { t } = useTranslation('publishing');
  const navigate = useNavigate();
  const id = useId();
  const online = useOnline();
  const save = useSavePost();
  const categories = user.businessCategories;
  const key = makeDraftKey(user.id, mode, post?.id);
  const base = useMemo(() => (post ? valuesFromPost(post, categories) : emptyComposerValues(categories)), [post, categories]);
  const baseImages = useMemo(() => post?.images ?? [], [post]);
  const [start] = useState(() => startingPoint(key, base, baseImages, prefill, categories));
  const [restored, setRestored] = useState(start.restored);
  const [askTemplate, setAskTemplate] = useState(start.askTemplate);
  const [fromTemplate, setFromTemplate] = useState(start.fromTemplate);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const [needsMoney, setNeedsMoney] = useState(false);
  const queryClient = useQueryClient();
  const photos = usePhotoUploads(start.images);

  const messages = useMemo(() => ({ priceFormat: t('errors.priceFormat'), offerNeedsPrices: t('errors.offerNeedsPrices') }), [t]);
  const resolver: Resolver<ComposerValues> = async (values) => {
    const checked = validateComposer(values, [], mode, messages);
    if (checked.ok) return { values, errors: {} };
    const errors = Object.fromEntries(
      Object.entries(checked.errors)
        .filter(([field]) => field !== 'root')
        .map(([field, message]) => [field, { type: 'validate', message }]),
    );
    return { values: {}, errors };
  };

  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ComposerValues>({ defaultValues: start.values, resolver, mode: 'onTouched' });
  const values = useWatch({ control }) as ComposerValues;
  const images = readyUrls(photos.photos);
  const draft = useComposerDraft({ draftKey: key, values, images, base, baseImages, templateId: prefill?.templateId });

  const blocking = photosBlocking(photos.photos);
  const placeMissing = !profileHasLocation(user) && values.location === null;
  const waitReason =
    blocking.pending > 0
      ? t('submit.waitUploads', { count: blocking.pending })
      : blocking.failed > 0
        ? t('submit.fixFailed', { count: blocking.failed })
        : placeMissing
          ? t('submit.needLocation')
          : null;
  const serverError = errors.root?.server?.message;
  const offer = mode === 'offer';

  function startFrom(next: ComposerValues, nextImages: readonly string[]) {
    reset(next);
    photos.reset(nextImages);
  }

  function applyTemplate() {
    if (!prefill) return;
    const next = valuesFromPrefill(prefill, categories);
    const nextImages = prefill.images ?? [];
    startFrom(next, nextImages);
    writeDraft(key, { values: next, images: [...nextImages], templateId: prefill.templateId });
    setAskTemplate(false);
    setFromTemplate(true);
  }

  function discardDraft() {
    startFrom(base, baseImages);
    setConfirmDiscard(false);
    setRestored(false);
    setFromTemplate(false);
    void notify(t('draft.discarded'), 'info');
  }

  // The sticky Publish bar covers the screen's lower part: the first field in error is brought to the middle.
  const showFirstError = () =>
    requestAnimationFrame(() =>
      document.querySelector('[data-testid="composer-form"] [aria-invalid="true"]')?.scrollIntoView?.({ block: 'center' }),
    );

  const onSubmit = handleSubmit(async (checked) => {
    if (waitReason) return;
    setNeedsMoney(false);
    const body = toPostInput(checked, readyUrls(photos.photos), mode);
    try {
      const saved = await save.mutateAsync({ id: post?.id, body });
      draft.stop();
      void refetchAfterChange(queryClient, nextPostCostKey);
      if (post) {
        void notify(t('submit.saved'), 'success');
        void navigate(paths.app.postsHistory.getHref());
      } else {
        void navigate(paths.account.success.getHref(saved.id));
      }
    } catch (error) {
      // Whatever happened, what was written stays on the phone.
      draft.flush();
      if (error instanceof ApiError && error.status === 402) {
        // The wallet cannot pay for this post: the draft stays, the way to add money is offered.
        setNeedsMoney(true);
        setError('root.server', { message: error.message });
        return;
      }
      if (error instanceof ApiError && error.status === 400) {
        const field = serverErrorField(error, FIELD_OF_INPUT) ?? 'root';
        if (field !== 'root' && field !== 'location') setError(field, { message: error.message }, { shouldFocus: true });
        else setError('root.server', { message: error.message });
        showFirstError();
        return;
      }
      const message = isNetworkError(error) ? t('errors.offline') : t('errors.failed', { message: (error as Error).message });
      setError('root.server', { message });
    }
  }, showFirstError);

  const submitLabel = post ? t('submit.save') : offer ? t('submit.publishOffer') : t('submit.publishPost');
  const pendingLabel = post ? t('submit.saving') : t('submit.publishing');
  const f = (name: string) => `${id}-${name}`;

  return (
    <>
      <form
        noValidate
        onSubmit={(e) => void onSubmit(e)}
        // A field focused by Tab or by an error scrolls clear of the sticky bar and the bottom navigation.
        className="flex flex-col gap-6 [&_:is(input,select,textarea,[role=alert])]:scroll-mb-72"
        aria-label={post ? t(mode === 'offer' ? 'title.editOffer' : 'title.editPost') : t(`formLabel.${mode}`)}
        data-testid="composer-form"
      >
        {!online ? (
          <p role="status" className="flex items-start gap-2 rounded-2xl bg-muted p-3 font-semibold">
            <WifiOff className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
            {t('offline')}
          </p>
        ) : null}
        {placeMissing ? (
          <div role="alert" className="flex items-start gap-3 rounded-2xl border border-danger/40 bg-danger-soft p-4">
            <AlertTriangle className="mt-0.5 size-6 shrink-0 text-danger" aria-hidden="true" />
            <div className="flex flex-col gap-2">
              <p className="font-semibold text-danger">{PUBLISHING_MESSAGES.locationMissing}</p>
              <Link
                to={`${paths.account.editProfile.getHref()}#location`}
                className={buttonVariants({ size: 'sm', className: 'self-start' })}
              >
                {t('location.editProfile')}
              </Link>
            </div>
          </div>
        ) : null}
        {restored ? (
          <div role="status" className="flex flex-wrap items-center justify-between gap-2 rounded-2xl bg-primary-soft p-3">
            <p>
              <span className="font-bold">{t('draft.restored')}</span>{' '}
              <span className="text-sm text-foreground">{t('draft.restoredBody')}</span>
            </p>
            <Button variant="secondary" size="sm" onClick={() => setConfirmDiscard(true)}>
              {t('draft.discard')}
            </Button>
          </div>
        ) : null}
        {fromTemplate ? (
          <p role="status" className="flex items-center gap-2 rounded-2xl bg-primary-soft p-3 font-semibold">
            <LayoutTemplate className="size-5 shrink-0" aria-hidden="true" />
            {t('fromTemplate')}
          </p>
        ) : null}

        <FormField
          id={f('content')}
          label={t('content.label')}
          error={errors.content?.message}
          hint={t('content.count', { count: values.content.length, max: POST_CONTENT_MAX })}
        >
          {(aria) => (
            <Textarea
              {...aria}
              {...register('content')}
              rows={5}
              maxLength={POST_CONTENT_MAX}
              placeholder={t('content.placeholder')}
            />
          )}
        </FormField>

        <PhotoField
          photos={photos.photos}
          onAdd={(files) => photos.add(files, photos.photos)}
          onRetry={photos.retry}
          onRemove={photos.remove}
          onMove={photos.move}
        />

        {offer ? (
          <PriceFields
            idPrefix={id}
            register={register}
            mrp={values.mrp}
            price={values.price}
            errors={{ mrp: errors.mrp?.message, price: errors.price?.message }}
          />
        ) : null}

        <CategoryField
          id={f('category')}
          categories={categories}
          register={register}
          control={control}
          error={errors.category?.message}
        />

        <HashtagField
          id={f('tags')}
          value={values.tags}
          content={values.content}
          onChange={(tags) => setValue('tags', tags, { shouldDirty: true })}
          error={errors.tags?.message}
        />

        <DeliveryField idPrefix={id} register={register} />

        {offer ? (
          <ValidUntilField
            id={f('validUntil')}
            register={register}
            value={values.validUntil}
            onClear={() => setValue('validUntil', '', { shouldValidate: true })}
            error={errors.validUntil?.message}
          />
        ) : null}

        <LocationField
          user={user}
          value={values.location}
          onChange={(location) => setValue('location', location, { shouldDirty: true })}
          error={errors.location?.message}
        />

        <div className="sticky bottom-24 z-10 flex flex-col gap-2 rounded-2xl border border-border bg-surface p-3 shadow-sm lg:bottom-4">
          {serverError ? (
            <p role="alert" className="text-sm font-semibold text-danger" data-testid="composer-error">
              {serverError}
              {serverError === PUBLISHING_MESSAGES.locationMissing ? (
                <>
                  {' '}
                  <Link to={`${paths.account.editProfile.getHref()}#location`} className="underline">
                    {t('location.editProfile')}
                  </Link>
                </>
              ) : null}
            </p>
          ) : null}
          {needsMoney ? (
            <div className="flex flex-col gap-2" data-testid="composer-add-money">
              <p className="text-sm">{t('cost.draftKept')}</p>
              <Link to={paths.app.wallet.getHref()} className={buttonVariants({ variant: 'secondary', className: 'self-start' })}>
                <Wallet className="size-5" aria-hidden="true" />
                {t('cost.addMoney')}
              </Link>
            </div>
          ) : null}
          {post ? null : <PostCost />}
          {waitReason ? (
            <p role="status" className="text-sm font-semibold text-foreground" id={f('wait')}>
              {waitReason}
            </p>
          ) : null}
          <Button
            type="submit"
            size="lg"
            disabled={isSubmitting || waitReason !== null}
            aria-describedby={waitReason ? f('wait') : undefined}
            className="w-full"
          >
            {isSubmitting ? <Spinner className="size-5" /> : <Send className="size-5" aria-hidden="true" />}
            {isSubmitting ? pendingLabel : submitLabel}
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={askTemplate}
        title={t('draft.confirmTitle')}
        description={t('draft.confirmBody')}
        confirmLabel={t('draft.useTemplate')}
        cancelLabel={t('draft.keepDraft')}
        onConfirm={applyTemplate}
        onOpenChange={(next) => {
          if (next) return;
          setAskTemplate(false);
          setRestored(true);
        }}
      />
      <ConfirmDialog
        open={confirmDiscard}
        title={t('draft.discardTitle')}
        description={t('draft.discardBody')}
        confirmLabel={t('draft.discard')}
        cancelLabel={t('draft.keepDraft')}
        tone="danger"
        onConfirm={discardDraft}
        onOpenChange={setConfirmDiscard}
      />
    </>
  );
}
