import { Fragment, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';
import { linkify, mentionsWhatsapp, parsePageBody } from '../utils/page-body';

/** One line of text with its addresses and numbers as links (React elements only, never HTML). */
export function RichText({ text }: { text: string }) {
  const { t } = useTranslation('pages');
  const parts = linkify(text, { whatsapp: mentionsWhatsapp(text) });
  return (
    <>
      {parts.map((part, i) => {
        if (part.kind === 'text') return <Fragment key={i}>{part.text}</Fragment>;
        const external = part.type === 'url' || part.type === 'whatsapp';
        return (
          <a
            key={i}
            href={part.href}
            {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
            className="font-semibold break-words text-primary underline underline-offset-2 hover:text-primary-hover"
          >
            {part.text}
            {external ? <span className="sr-only"> {t('newTab')}</span> : null}
          </a>
        );
      })}
    </>
  );
}

/**
 * A landing page's body: '## ' headings (h2, under the page's h1), '- ' lists, paragraphs
 * (single line breaks kept).
 */
export function PageBody({ body, className }: { body: string; className?: string }) {
  const blocks = useMemo(() => parsePageBody(body), [body]);
  return (
    <div data-testid="page-body" className={cn('space-y-4 text-base leading-relaxed break-words', className)}>
      {blocks.map((block, i) => {
        if (block.kind === 'heading') {
          return (
            <h2 key={i} className="pt-3 text-xl leading-snug font-bold text-foreground">
              <RichText text={block.text} />
            </h2>
          );
        }
        if (block.kind === 'list') {
          return (
            <ul key={i} className="list-disc space-y-2 pl-6 marker:text-primary">
              {block.items.map((item, j) => (
                <li key={j}>
                  <RichText text={item} />
                </li>
              ))}
            </ul>
          );
        }
        return (
          <p key={i}>
            {block.lines.map((line, j) => (
              <Fragment key={j}>
                {j > 0 ? <br /> : null}
                <RichText text={line} />
              </Fragment>
            ))}
          </p>
        );
      })}
    </div>
  );
}
