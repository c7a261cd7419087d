import { UpdateProfileRequestSchema, type AppUser, type UpdateProfileRequest } from '@aaspaas/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Save } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, serverErrorField } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { isNetworkError } from '@/lib/not-found';
import { useUpdateProfile, type ProfileUpdate } from '../api/update-profile';
import { BusinessLocationField, type PickedLocation } from './business-location-field';
import { CategoryPicker } from './category-picker';
import { FormField, invalidClass, MobileInput } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import { SERVER_ERROR_FIELDS } from '../utils/server-errors';

export type ProfileFormValues = UpdateProfileRequest;

/** The form shows text as text: a missing value is an empty field (the schema turns '' back into null). */
export function toFormValues(user: AppUser): ProfileFormValues {
  return {
    name: user.name,
    businessName: user.businessName,
    businessDetails: user.businessDetails ?? '',
    businessPhone: user.businessPhone ?? '',
    gstNumber: user.gstNumber ?? '',
    businessCategories: user.businessCategories,
    businessAddress: user.businessAddress ?? '',
    city: user.city ?? '',
    state: user.state ?? '',
    lat: user.lat,
    lon: user.lon,
  };
}

function savedPlaceLabel(user: Pick<AppUser, 'city' | 'state'>): string | null {
  return [user.city, user.state].filter((p): p is string => Boolean(p?.trim())).join(', ') || null;
}

/**
 * /edit-profile's form, validated by the domain's UpdateProfileRequestSchema (the API's own rules
 * and messages). A failed save keeps every value on screen and says what to do.
 */
export function ProfileForm({ user }: { user: AppUser }) {
  const { t } = useTranslation('profile');
  const update = useUpdateProfile();
  const [placeLabel, setPlaceLabel] = useState<string | null>(() => savedPlaceLabel(user));
  const {
    register,
    control,
    handleSubmit,
    setValue,
    getValues,
    setError,
    clearErrors,
    reset,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<ProfileFormValues, unknown, ProfileUpdate>({
    resolver: zodResolver(UpdateProfileRequestSchema),
    defaultValues: toFormValues(user),
    mode: 'onTouched',
  });
  const [lat, lon] = useWatch({ control, name: ['lat', 'lon'] });

  // Closing the tab or reloading with unsaved changes asks first.
  useEffect(() => {
    if (!isDirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isDirty]);

  function pickLocation(picked: PickedLocation) {
    setValue('lat', picked.lat, { shouldDirty: true });
    setValue('lon', picked.lon, { shouldDirty: true });
    clearErrors('lat');
    setPlaceLabel(picked.label);
    // Fill in what the owner has not typed; never overwrite what they did.
    if (picked.city && !getValues('city')?.trim()) setValue('city', picked.city, { shouldDirty: true });
    if (picked.state && !getValues('state')?.trim()) setValue('state', picked.state, { shouldDirty: true });
  }

  function clearLocation() {
    setValue('lat', null, { shouldDirty: true });
    setValue('lon', null, { shouldDirty: true });
    setPlaceLabel(null);
  }

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync(values);
      reset(toFormValues(saved));
      void notify(t('saved'), 'success');
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) {
        const field = serverErrorField(error, SERVER_ERROR_FIELDS);
        if (field) setError(field, { message: error.message }, { shouldFocus: field !== 'lat' });
        else setError('root.server', { message: error.message });
      } else {
        const reason = isNetworkError(error) ? t('save.offline') : t('save.failed', { message: (error as Error).message });
        setError('root.server', { message: reason });
      }
    }
  });

  const optionalLabel = t('fields.optional');

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-6" aria-label={t('formLabel')}>
      <section className="flex flex-col gap-4">
        <h2 className="text-lg font-bold">{t('sections.you')}</h2>
        <FormField id="name" label={t('fields.name.label')} error={errors.name?.message}>
          {(aria) => <Input {...aria} {...register('name')} autoComplete="name" className={invalidClass} />}
        </FormField>
      </section>

      <section className="flex flex-col gap-4">
        <h2 className="text-lg font-bold">{t('sections.business')}</h2>
        <FormField id="businessName" label={t('fields.businessName.label')} error={errors.businessName?.message}>
          {(aria) => <Input {...aria} {...register('businessName')} autoComplete="organization" className={invalidClass} />}
        </FormField>
        <FormField
          id="businessDetails"
          label={t('fields.businessDetails.label')}
          hint={t('fields.businessDetails.hint')}
          error={errors.businessDetails?.message}
          optionalLabel={optionalLabel}
        >
          {(aria) => <Textarea {...aria} {...register('businessDetails')} rows={4} maxLength={2000} />}
        </FormField>
        <FormField
          id="businessPhone"
          label={t('fields.businessPhone.label')}
          hint={t('fields.businessPhone.hint')}
          error={errors.businessPhone?.message}
        >
          {(aria) => <MobileInput {...aria} {...register('businessPhone')} />}
        </FormField>
        <FormField
          id="gstNumber"
          label={t('fields.gstNumber.label')}
          hint={t('fields.gstNumber.hint')}
          error={errors.gstNumber?.message}
          optionalLabel={optionalLabel}
        >
          {(aria) => (
            <Input
              {...aria}
              {...register('gstNumber')}
              autoCapitalize="characters"
              autoComplete="off"
              spellCheck={false}
              maxLength={20}
              className={`uppercase ${invalidClass}`}
            />
          )}
        </FormField>
        <Controller
          control={control}
          name="businessCategories"
          render={({ field, fieldState }) => (
            <CategoryPicker value={field.value ?? []} onChange={field.onChange} error={fieldState.error?.message} />
          )}
        />
      </section>

      <section className="flex flex-col gap-4">
        <h2 className="text-lg font-bold">{t('sections.address')}</h2>
        <FormField id="businessAddress" label={t('fields.businessAddress.label')} error={errors.businessAddress?.message}>
          {(aria) => <Input {...aria} {...register('businessAddress')} autoComplete="street-address" className={invalidClass} />}
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id="city" label={t('fields.city.label')} error={errors.city?.message}>
            {(aria) => <Input {...aria} {...register('city')} autoComplete="address-level2" className={invalidClass} />}
          </FormField>
          <FormField id="state" label={t('fields.state.label')} error={errors.state?.message}>
            {(aria) => <Input {...aria} {...register('state')} autoComplete="address-level1" className={invalidClass} />}
          </FormField>
        </div>
        <BusinessLocationField
          lat={lat ?? null}
          lon={lon ?? null}
          label={placeLabel}
          onPick={pickLocation}
          onClear={clearLocation}
          error={errors.lat?.message ?? errors.lon?.message}
        />
      </section>

      <div className="sticky bottom-0 -mx-4 flex flex-col gap-2 border-t border-border bg-surface px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))]">
        {errors.root?.server?.message ? (
          <p role="alert" className="text-sm font-semibold text-danger" data-testid="profile-save-error">
            {errors.root.server.message}
          </p>
        ) : null}
        <Button type="submit" size="lg" disabled={isSubmitting} className="w-full sm:w-auto sm:self-end">
          {isSubmitting ? <Spinner className="size-5" /> : <Save className="size-5" aria-hidden="true" />}
          {isSubmitting ? t('save.pending') : t('save.button')}
        </Button>
      </div>
    </form>
  );
}
