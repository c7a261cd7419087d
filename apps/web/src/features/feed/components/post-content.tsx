import { useTranslation } from 'react-i18next';

const TAG = /(#[\p{L}\p{N}_]+)/u;

/**
 * The post text with its #hashtags tappable (search for the tag), then the post's other hashtags
 * (those not written in the text) as a row.
 */
export function PostContent({
  content,
  hashtags,
  onHashtag,
}: {
  content: string;
  hashtags: string[];
  onHashtag?: (tag: string) => void;
}) {
  const { t } = useTranslation('feed');
  const parts = content.split(TAG);
  const inText = new Set(parts.filter((p) => TAG.test(p)).map((p) => p.slice(1).toLowerCase()));
  const extra = hashtags.filter((tag) => !inText.has(tag.toLowerCase()));

  const tag = (name: string, key: string | number) =>
    onHashtag ? (
      <button
        key={key}
        type="button"
        onClick={() => onHashtag(name.toLowerCase())}
        aria-label={t('post.hashtagSearch', { tag: name })}
        className="font-medium text-primary hover:underline"
      >
        #{name}
      </button>
    ) : (
      <span key={key} className="font-medium text-primary">
        #{name}
      </span>
    );

  return (
    <>
      {content ? (
        <p className="px-4 pt-2 text-[15px] leading-relaxed break-words whitespace-pre-line">
          {parts.map((part, i) => (TAG.test(part) ? tag(part.slice(1), i) : part))}
        </p>
      ) : null}
      {extra.length > 0 ? (
        <ul className="flex flex-wrap gap-x-1 px-3 pt-1">
          {extra.map((name) => (
            <li key={name} className="inline-flex min-h-9 items-center px-1 text-sm">
              {tag(name, name)}
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
