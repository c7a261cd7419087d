import { MAX_POST_IMAGES } from '@aaspaas/domain/rules';
import { ArrowLeft, ArrowRight, Camera, Images, RotateCcw, X } from 'lucide-react';
import { useId, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { SmartImage } from '@/components/ui/smart-image';
import { Spinner } from '@/components/ui/spinner';
import { isNativeApp } from '@/lib/native/platform';
import { cn } from '@/lib/utils';
import type { Photo } from '../utils/photo-list';

type PhotoFieldProps = {
  photos: readonly Photo[];
  onAdd: (files: File[]) => number;
  onRetry: (key: string) => void;
  onRemove: (key: string) => void;
  onMove: (key: string, by: -1 | 1) => void;
  error?: string;
};

/**
 * Up to five photos from the camera or the gallery: each with its thumbnail, an upload progress
 * bar, Retry when it failed, Remove, and move earlier/later (the first one leads the post).
 */
export function PhotoField({ photos, onAdd, onRetry, onRemove, onMove, error }: PhotoFieldProps) {
  const { t } = useTranslation('publishing');
  const inputId = useId();
  const hintId = useId();
  const [leftOut, setLeftOut] = useState(0);
  const full = photos.length >= MAX_POST_IMAGES;
  const [pickFailed, setPickFailed] = useState(false);

  /** Inside the Android app: the camera or the gallery through the camera plugin (loaded on first use). */
  async function fromDevice(source: 'camera' | 'gallery') {
    setPickFailed(false);
    try {
      const camera = await import('@/lib/native/camera');
      const files = source === 'camera' ? await camera.takePhoto() : await camera.choosePhotos(MAX_POST_IMAGES - photos.length);
      if (files.length > 0) setLeftOut(onAdd(files));
    } catch {
      setPickFailed(true);
    }
  }

  function onFiles(event: ChangeEvent<HTMLInputElement>) {
    const files = Array.from(event.target.files ?? []);
    // The same photo can be picked again after removing it.
    event.target.value = '';
    if (files.length === 0) return;
    setLeftOut(onAdd(files));
  }

  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={hintId}>
      <legend className="font-semibold">
        {t('photos.label')} <span className="text-sm font-normal text-muted-foreground">{t('optional')}</span>
      </legend>
      <p id={hintId} className="text-sm text-muted-foreground">
        {t('photos.hint', { max: MAX_POST_IMAGES })}
      </p>
      {photos.length > 0 ? (
        <ol className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label={t('photos.label')}>
          {photos.map((photo, index) => (
            <PhotoTile
              key={photo.key}
              photo={photo}
              number={index + 1}
              isFirst={index === 0}
              isLast={index === photos.length - 1}
              onRetry={() => onRetry(photo.key)}
              onRemove={() => onRemove(photo.key)}
              onMove={(by) => onMove(photo.key, by)}
            />
          ))}
        </ol>
      ) : null}
      {full ? (
        <p className="text-sm text-muted-foreground">{t('photos.full', { max: MAX_POST_IMAGES })}</p>
      ) : isNativeApp() ? (
        <div className="flex flex-wrap gap-3">
          <Button type="button" variant="soft" className="min-h-12" onClick={() => void fromDevice('camera')}>
            <Camera className="size-5" aria-hidden="true" />
            {t('photos.takePhoto')}
          </Button>
          <Button type="button" variant="soft" className="min-h-12" onClick={() => void fromDevice('gallery')}>
            <Images className="size-5" aria-hidden="true" />
            {t('photos.choosePhotos')}
          </Button>
        </div>
      ) : (
        <div>
          <input
            id={inputId}
            type="file"
            accept="image/*"
            multiple
            className="peer sr-only"
            onChange={onFiles}
            data-testid="photo-input"
          />
          <label
            htmlFor={inputId}
            className={cn(
              'inline-flex min-h-12 cursor-pointer items-center gap-2 rounded-xl border-2 border-dashed border-primary/60 bg-primary-soft px-4 font-semibold text-primary-hover hover:bg-orange-200',
              'peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring',
            )}
          >
            <Camera className="size-5" aria-hidden="true" />
            {photos.length > 0 ? t('photos.addMore') : t('photos.add')}
          </label>
        </div>
      )}
      {leftOut > 0 ? (
        <p role="status" className="text-sm font-semibold text-foreground">
          {t('photos.leftOut', { count: leftOut, max: MAX_POST_IMAGES })}
        </p>
      ) : null}
      {pickFailed ? (
        <p role="alert" className="text-sm font-semibold text-danger">
          {t('photos.pickFailed')}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm font-semibold text-danger">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

function PhotoTile({
  photo,
  number,
  isFirst,
  isLast,
  onRetry,
  onRemove,
  onMove,
}: {
  photo: Photo;
  number: number;
  isFirst: boolean;
  isLast: boolean;
  onRetry: () => void;
  onRemove: () => void;
  onMove: (by: -1 | 1) => void;
}) {
  const { t } = useTranslation('publishing');
  const percent = Math.round(photo.progress * 100);
  const alt = t('photos.alt', { number });
  return (
    <li
      className="flex flex-col overflow-hidden rounded-2xl border border-border bg-surface"
      data-testid="photo-tile"
      data-status={photo.status}
    >
      <div className="relative aspect-square bg-muted">
        {photo.previewUrl ? (
          <img src={photo.previewUrl} alt={alt} className="size-full object-cover" />
        ) : photo.url ? (
          <SmartImage
            src={photo.url}
            alt={alt}
            unavailableText={t('photos.unavailable')}
            responsive={false}
            className="size-full object-cover"
            fallbackClassName="flex size-full flex-col items-center justify-center gap-1 text-sm text-muted-foreground"
          />
        ) : null}
        {isFirst ? (
          <span className="absolute top-1.5 left-1.5 rounded-full bg-black/60 px-2 py-0.5 text-xs font-semibold text-white">
            {t('photos.first')}
          </span>
        ) : null}
        <button
          type="button"
          onClick={onRemove}
          aria-label={t('photos.remove', { number })}
          className="absolute top-1 right-1 inline-flex size-11 items-center justify-center rounded-full bg-black/60 text-white hover:bg-black/80"
        >
          <X className="size-5" aria-hidden="true" />
        </button>
      </div>
      <div className="flex flex-col gap-1.5 p-2">
        {photo.status === 'preparing' ? (
          <Spinner className="size-4" label={t('photos.preparing')} />
        ) : photo.status === 'uploading' ? (
          <>
            <progress
              max={100}
              value={percent}
              aria-label={t('photos.progress', { number })}
              className="h-2 w-full overflow-hidden rounded-full accent-primary"
            />
            <span className="text-sm text-muted-foreground" aria-live="polite">
              {t('photos.uploading', { percent })}
            </span>
          </>
        ) : photo.status === 'failed' ? (
          <div className="flex flex-col gap-1" role="alert">
            <span className="text-sm font-semibold text-danger">{t('photos.failed')}</span>
            {photo.error ? <span className="text-xs break-words text-foreground">{photo.error}</span> : null}
            <Button variant="secondary" size="sm" onClick={onRetry}>
              <RotateCcw className="size-4" aria-hidden="true" />
              {t('photos.retry')}
            </Button>
          </div>
        ) : (
          <span className="text-sm text-success">{t('photos.uploaded')}</span>
        )}
        <div className="flex justify-between gap-1">
          <Button
            variant="ghost"
            size="icon"
            onClick={() => onMove(-1)}
            disabled={isFirst}
            aria-label={t('photos.moveLeft', { number })}
          >
            <ArrowLeft className="size-5" aria-hidden="true" />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            onClick={() => onMove(1)}
            disabled={isLast}
            aria-label={t('photos.moveRight', { number })}
          >
            <ArrowRight className="size-5" aria-hidden="true" />
          </Button>
        </div>
      </div>
    </li>
  );
}
