import { cn } from '@/lib/utils';

/**
 * HTML the server rendered from Markdown and sanitized (apps/api render-markdown: only text tags and
 * http(s), mailto and tel links; no script, no event handler). Nothing else may be passed here.
 */
export function ServerHtml({ html, className, testId }: { html: string; className?: string; testId?: string }) {
  return (
    <div
      data-testid={testId}
      className={cn(
        'space-y-4 text-base leading-relaxed break-words',
        '[&_h1]:pt-3 [&_h1]:text-2xl [&_h1]:font-bold [&_h2]:pt-3 [&_h2]:text-xl [&_h2]:leading-snug [&_h2]:font-bold',
        '[&_h3]:pt-2 [&_h3]:text-lg [&_h3]:font-semibold [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-6',
        '[&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6 [&_li]:marker:text-primary',
        '[&_a]:font-semibold [&_a]:break-words [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-2',
        '[&_blockquote]:border-l-4 [&_blockquote]:border-border [&_blockquote]:pl-3 [&_code]:rounded [&_code]:bg-muted [&_code]:px-1',
        '[&_table]:w-full [&_td]:border [&_td]:border-border [&_td]:p-2 [&_th]:border [&_th]:border-border [&_th]:p-2',
        className,
      )}
      // Sanitized by the server, which is the one place Markdown becomes HTML.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
