import { Camera } from 'lucide-react';
import { useId, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner';
import { notify } from '@/lib/notify';
import { isNetworkError } from '@/lib/not-found';
import { cn } from '@/lib/utils';
import { useChangeProfileImage } from '../api/set-profile-image';

/** The upload endpoint's limit: one image of at most 10 MB. */
export const PROFILE_IMAGE_MAX_BYTES = 10 * 1024 * 1024;

function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return words
    .slice(0, 2)
    .map((w) => Array.from(w)[0]?.toUpperCase() ?? '')
    .join('');
}

/**
 * The business photo or logo: chosen with the file picker, uploaded, then set at once (it does not
 * wait for the form's Save).
 */
export function ProfileImageField({ imageUrl, businessName }: { imageUrl: string | null; businessName: string }) {
  const { t } = useTranslation('profile');
  const { t: tCommon } = useTranslation();
  const inputId = useId();
  const change = useChangeProfileImage();
  const [problem, setProblem] = useState<string | null>(null);

  function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // The same file can be picked again after a failure.
    event.target.value = '';
    if (!file) return;
    if (!file.type.startsWith('image/') || file.size > PROFILE_IMAGE_MAX_BYTES) {
      setProblem(t('photo.invalid'));
      return;
    }
    setProblem(null);
    change.mutate(file, {
      onSuccess: () => void notify(t('photo.saved'), 'success'),
      onError: (error) => setProblem(isNetworkError(error) ? tCommon('errors.offline') : error.message),
    });
  }

  return (
    <section id="profileImage" className="flex items-center gap-4" aria-label={t('photo.label')}>
      <div className="relative size-20 shrink-0 overflow-hidden rounded-full bg-primary-soft">
        {imageUrl ? (
          <img src={imageUrl} alt={t('photo.alt', { name: businessName })} className="size-full object-cover" />
        ) : (
          <span aria-hidden="true" className="flex size-full items-center justify-center text-2xl font-bold text-primary-hover">
            {initials(businessName)}
          </span>
        )}
        {change.isPending ? (
          <span className="absolute inset-0 flex items-center justify-center bg-black/40 text-white">
            <Spinner className="size-6" />
          </span>
        ) : null}
      </div>
      <div className="flex min-w-0 flex-col gap-1">
        <input
          id={inputId}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/*"
          className="peer sr-only"
          disabled={change.isPending}
          onChange={onFile}
        />
        <label
          htmlFor={inputId}
          className={cn(
            'inline-flex min-h-11 cursor-pointer items-center gap-2 self-start rounded-xl border border-border bg-surface px-4 font-semibold hover:bg-muted',
            'peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring peer-disabled:opacity-60',
          )}
        >
          <Camera className="size-5" aria-hidden="true" />
          {imageUrl ? t('photo.change') : t('photo.add')}
        </label>
        <p role="status" className="text-sm text-muted-foreground">
          {change.isPending ? t('photo.uploading') : t('photo.hint')}
        </p>
        {problem ? (
          <p role="alert" className="text-sm font-semibold text-danger">
            {problem}
          </p>
        ) : null}
      </div>
    </section>
  );
}
