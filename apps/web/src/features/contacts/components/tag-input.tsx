import { CONTACT_TAGS_MAX } from '@aaspaas/domain/rules';
import { Plus } from 'lucide-react';
import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { RemovableChip } from '@/components/ui/removable-chip';
import { Input } from '@/components/ui/input';
import { invalidClass } from '@/components/ui/form-field';

const TAG_MAX_LENGTH = 30;
const SUGGESTIONS_SHOWN = 8;

export function normalizeTag(raw: string): string {
  return raw.trim().toLowerCase().replace(/\s+/g, ' ').slice(0, TAG_MAX_LENGTH);
}

/**
 * Tags as chips: type one and press Enter (or a comma), or tap one the business already uses.
 * Tags are lower-case, as the API stores them, so 'Regular' and 'regular' are one tag.
 */
export function TagInput({
  id,
  value,
  onChange,
  suggestions,
  error,
}: {
  id: string;
  value: readonly string[];
  onChange: (tags: string[]) => void;
  suggestions: readonly string[];
  error?: string;
}) {
  const { t } = useTranslation('contacts');
  const [draft, setDraft] = useState('');
  const hintId = useId();
  const errorId = useId();
  const full = value.length >= CONTACT_TAGS_MAX;

  function add(raw: string) {
    const tag = normalizeTag(raw);
    setDraft('');
    if (!tag || value.includes(tag) || full) return;
    onChange([...value, tag]);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      add(draft);
    } else if (event.key === 'Backspace' && !draft && value.length) {
      onChange(value.slice(0, -1));
    }
  }

  const typed = normalizeTag(draft);
  const offered = suggestions.filter((s) => !value.includes(s) && (!typed || s.includes(typed))).slice(0, SUGGESTIONS_SHOWN);

  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="font-semibold">
        {t('form.tags.label')} <span className="text-sm font-normal text-muted-foreground">{t('form.optional')}</span>
      </label>
      {value.length ? (
        <div className="flex flex-wrap gap-2" aria-label={t('form.tags.current')} role="group">
          {value.map((tag) => (
            <RemovableChip
              key={tag}
              as="span"
              className="text-sm"
              removeLabel={t('form.tags.remove', { tag })}
              onRemove={() => onChange(value.filter((v) => v !== tag))}
            >
              {tag}
            </RemovableChip>
          ))}
        </div>
      ) : null}
      <Input
        id={id}
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        onKeyDown={onKeyDown}
        onBlur={() => draft.trim() && add(draft)}
        disabled={full}
        placeholder={full ? t('form.tags.full', { max: CONTACT_TAGS_MAX }) : t('form.tags.placeholder')}
        enterKeyHint="done"
        autoComplete="off"
        aria-invalid={Boolean(error)}
        aria-describedby={[hintId, error ? errorId : null].filter(Boolean).join(' ')}
        className={invalidClass}
      />
      <p id={hintId} className="text-sm text-muted-foreground">
        {t('form.tags.hint')}
      </p>
      {offered.length && !full ? (
        <div className="flex flex-wrap gap-2" role="group" aria-label={t('form.tags.suggestions')}>
          {offered.map((tag) => (
            <button
              key={tag}
              type="button"
              onClick={() => add(tag)}
              aria-label={t('form.tags.add', { tag })}
              className="inline-flex min-h-11 items-center gap-1 rounded-full border border-border bg-surface px-3 text-sm font-semibold hover:bg-muted"
            >
              <Plus className="size-4" aria-hidden="true" />
              {tag}
            </button>
          ))}
        </div>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-semibold text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
