import { useController, type Control, type UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormField, invalidClass } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { useCategoryName } from '@/hooks/use-local-name';
import { cn } from '@/lib/utils';
import type { ComposerValues } from '../utils/form-values';

/**
 * The post's category: one of the business's categories (from its profile); a profile without any
 * may name one for this post, as the API allows, and is pointed to the profile to add them.
 */
export function CategoryField({
  id,
  categories,
  register,
  control,
  error,
}: {
  id: string;
  categories: readonly string[];
  register: UseFormRegister<ComposerValues>;
  control: Control<ComposerValues>;
  error?: string;
}) {
  const { t } = useTranslation('publishing');
  const categoryName = useCategoryName();
  // Controlled, so the chosen option follows the form's value when the list of categories arrives later.
  const { field } = useController({ control, name: 'category' });
  if (categories.length === 0) {
    return (
      <div className="flex flex-col gap-1">
        <FormField id={id} label={t('category.label')} hint={t('category.noneHint')} error={error}>
          {(aria) => (
            <Input
              {...aria}
              {...register('category')}
              placeholder={t('category.placeholder')}
              maxLength={40}
              className={invalidClass}
            />
          )}
        </FormField>
        <Link
          to={`${paths.account.editProfile.getHref()}#businessCategories`}
          className="inline-flex min-h-11 items-center self-start font-semibold text-primary underline-offset-4 hover:underline"
        >
          {t('category.editProfile')}
        </Link>
      </div>
    );
  }
  return (
    <FormField id={id} label={t('category.label')} hint={t('category.hint')} error={error}>
      {(aria) => (
        <select
          {...aria}
          name={field.name}
          ref={field.ref}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          className={cn(
            'min-h-11 w-full rounded-xl border border-border bg-surface px-3 text-base text-foreground focus-visible:border-ring',
            invalidClass,
          )}
        >
          <option value="">{t('category.choose')}</option>
          {categories.map((category) => (
            <option key={category} value={category}>
              {categoryName(category)}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}
