import { LANGUAGES } from '@aaspaas/domain/rules';
import { useTranslation } from 'react-i18next';
import { useLanguageChoice } from '@/hooks/use-language-choice';
import { cn } from '@/lib/utils';

/** English | हिंदी as two toggle buttons, each name in its own script so anyone finds theirs. */
export function LanguageSwitch({ className }: { className?: string }) {
  const { t } = useTranslation('language');
  const { shown, pending, choose } = useLanguageChoice();
  return (
    <div role="group" aria-label={t('choose')} className={cn('inline-flex gap-1 rounded-xl bg-muted p-1', className)}>
      {LANGUAGES.map((language) => (
        <button
          key={language}
          type="button"
          lang={language}
          aria-pressed={shown === language}
          aria-busy={pending === language}
          onClick={() => void choose(language)}
          className={cn(
            'min-h-11 min-w-20 rounded-lg px-3 font-semibold',
            shown === language ? 'bg-surface text-foreground shadow-sm' : 'text-muted-foreground hover:text-foreground',
          )}
        >
          {t(language)}
        </button>
      ))}
    </div>
  );
}
