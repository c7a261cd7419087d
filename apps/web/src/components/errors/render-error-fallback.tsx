import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

export function RenderErrorFallback({ error, onReset }: { error: Error; onReset?: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="mx-auto my-8 max-w-lg rounded-2xl border-2 border-danger bg-danger-soft p-5 text-danger">
      <h1 className="text-lg font-bold">{t('errors.renderTitle')}</h1>
      <p className="mt-1 text-foreground">{t('errors.renderBody')}</p>
      <p className="mt-2 font-mono text-sm break-words text-foreground">{error.message}</p>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button
          onClick={() => {
            onReset?.();
            window.location.reload();
          }}
        >
          {t('errors.reload')}
        </Button>
        <a href="/" className="inline-flex min-h-11 items-center rounded-xl px-4 font-semibold text-primary underline">
          {t('errors.goHome')}
        </a>
      </div>
    </div>
  );
}
