import { HASHTAG_INPUT_MAX, MAX_HASHTAGS } from '@aaspaas/domain/rules';
import { Plus } from 'lucide-react';
import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { RemovableChip } from '@/components/ui/removable-chip';
import { Button } from '@/components/ui/button';
import { invalidClass } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { cleanTag, hashtagPreview } from '../utils/hashtag-preview';

/**
 * The tag field (chips: Enter, comma or space adds one) and, live, the hashtags the post will
 * really carry: the server's rule (docs/product.md §5) run on the tags and the text's #words.
 */
export function HashtagField({
  id,
  value,
  content,
  onChange,
  error,
}: {
  id: string;
  value: readonly string[];
  content: string;
  onChange: (tags: string[]) => void;
  error?: string;
}) {
  const { t } = useTranslation('publishing');
  const [draft, setDraft] = useState('');
  const hintId = useId();
  const previewId = useId();
  const errorId = useId();
  const preview = hashtagPreview(value, content);
  const full = preview.full || value.length >= HASHTAG_INPUT_MAX;

  function add(raw: string) {
    const tags = raw
      .split(/[\s,]+/)
      .map(cleanTag)
      .filter(Boolean);
    setDraft('');
    const next = [...value];
    for (const tag of tags) if (!next.includes(tag)) next.push(tag);
    if (next.length !== value.length) onChange(next.slice(0, HASHTAG_INPUT_MAX));
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter' || event.key === ',' || event.key === ' ') {
      event.preventDefault();
      if (draft.trim()) add(draft);
    } else if (event.key === 'Backspace' && !draft && value.length) {
      onChange(value.slice(0, -1));
    }
  }

  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="font-semibold">
        {t('hashtags.label')} <span className="text-sm font-normal text-muted-foreground">{t('optional')}</span>
      </label>
      {value.length ? (
        <ul className="flex flex-wrap gap-2" aria-label={t('hashtags.chosen')}>
          {value.map((tag) => (
            <RemovableChip
              key={tag}
              className="text-sm"
              removeLabel={t('hashtags.remove', { tag })}
              onRemove={() => onChange(value.filter((v) => v !== tag))}
            >
              #{tag}
            </RemovableChip>
          ))}
        </ul>
      ) : null}
      <div className="flex gap-2">
        <Input
          id={id}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={onKeyDown}
          onBlur={() => draft.trim() && add(draft)}
          disabled={full}
          placeholder={full ? t('hashtags.full', { max: MAX_HASHTAGS }) : t('hashtags.placeholder')}
          enterKeyHint="done"
          autoComplete="off"
          autoCapitalize="none"
          aria-invalid={Boolean(error)}
          aria-describedby={[hintId, previewId, error ? errorId : null].filter(Boolean).join(' ')}
          className={invalidClass}
        />
        <Button variant="secondary" onClick={() => add(draft)} disabled={full || !draft.trim()}>
          <Plus className="size-5" aria-hidden="true" />
          {t('hashtags.add')}
        </Button>
      </div>
      <p id={hintId} className="text-sm text-muted-foreground">
        {t('hashtags.hint', { max: MAX_HASHTAGS })}
      </p>
      <div id={previewId} className="rounded-xl bg-muted/60 p-3 text-sm" aria-live="polite" data-testid="hashtag-preview">
        {preview.kept.length > 0 ? (
          <>
            <p className="font-semibold">{t('hashtags.preview', { count: preview.kept.length, max: MAX_HASHTAGS })}</p>
            <p className="mt-1 break-words text-primary">{preview.kept.map((tag) => `#${tag}`).join(' ')}</p>
          </>
        ) : (
          <p className="text-muted-foreground">{t('hashtags.none')}</p>
        )}
        {preview.leftOut.length > 0 ? (
          <p className="mt-1 font-semibold text-danger">
            {t('hashtags.leftOut', { max: MAX_HASHTAGS, tags: preview.leftOut.map((tag) => `#${tag}`).join(' ') })}
          </p>
        ) : null}
      </div>
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-semibold text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
