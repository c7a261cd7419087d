import { Trash2 } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { formatCount } from '@/lib/format';

type SelectBarProps = {
  loaded: number;
  selected: number;
  onSelectAll: (all: boolean) => void;
  onDelete: () => void;
  onDone: () => void;
};

/** Select mode: select all loaded, how many are selected, 'Delete selected', and Done. */
export function SelectBar({ loaded, selected, onSelectAll, onDelete, onDone }: SelectBarProps) {
  const { t } = useTranslation('contacts');
  const id = useId();
  const all = loaded > 0 && selected === loaded;
  return (
    <div className="sticky top-14 z-30 flex flex-wrap items-center gap-2 rounded-2xl border border-primary bg-surface p-2 shadow-sm">
      <label
        htmlFor={id}
        className="flex min-h-11 cursor-pointer items-center gap-2 rounded-xl px-2 font-semibold hover:bg-muted"
      >
        <input
          id={id}
          type="checkbox"
          checked={all}
          ref={(el) => {
            if (el) el.indeterminate = selected > 0 && !all;
          }}
          onChange={(e) => onSelectAll(e.target.checked)}
          className="size-6 accent-primary"
        />
        {t('select.all', { formatted: formatCount(loaded) })}
      </label>
      <span className="flex-1 text-sm text-muted-foreground" aria-live="polite">
        {t('select.count', { count: selected, formatted: formatCount(selected) })}
      </span>
      <Button variant="danger" size="lg" onClick={onDelete} disabled={selected === 0}>
        <Trash2 className="size-5" aria-hidden="true" />
        {t('select.delete')}
      </Button>
      <Button variant="ghost" onClick={onDone}>
        {t('select.done')}
      </Button>
    </div>
  );
}
