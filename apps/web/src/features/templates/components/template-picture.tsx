import { TEMPLATE_LINE_HEIGHT, layoutTemplateText, type Template, type TemplateLine } from '@aaspaas/domain';
import { useMemo, useState, type CSSProperties } from 'react';
import { SmartImage } from '@/components/ui/smart-image';
import { cn } from '@/lib/utils';

/** Layout happens on a 1080 px wide picture, like the server's; the HTML scales it with the box. */
const WIDTH = 1080;
const cqw = (px: number) => `${((px / WIDTH) * 100).toFixed(3)}cqw`;

/**
 * The template's background with its filled-in lines drawn over it in HTML, laid out by the same
 * function as the server's picture (same sizes, same line breaks, centred in the text area, the
 * same soft shadow), so what the owner sees here is what gets posted.
 */
export function TemplatePicture({
  template,
  lines,
  label,
  unavailableText,
  sizes = '(min-width: 1024px) 480px, 100vw',
  loading,
  className = 'rounded-2xl shadow-sm',
}: {
  template: Pick<Template, 'backgroundUrl' | 'textArea' | 'textColor'>;
  lines: readonly TemplateLine[];
  /** What a screen reader hears for the whole picture; null when it only decorates (a card's thumbnail). */
  label: string | null;
  unavailableText: string;
  sizes?: string;
  loading?: 'eager' | 'lazy';
  className?: string;
}) {
  // Height over width, known once the background has loaded (the starter set is square).
  const [ratio, setRatio] = useState(1);
  const height = WIDTH * ratio;
  const layout = useMemo(() => layoutTemplateText(lines, template.textArea, WIDTH, height), [lines, template.textArea, height]);
  // The server offsets its shadow by 3 px of a 1080 px picture.
  const shadow = cqw(3);
  const area: CSSProperties = {
    left: `${(layout.box.x / WIDTH) * 100}%`,
    width: `${(layout.box.width / WIDTH) * 100}%`,
    top: `${(layout.top / height) * 100}%`,
    color: template.textColor,
    textShadow: `${shadow} ${shadow} 0 rgb(0 0 0 / 0.35)`,
    // The server's fonts first (DejaVu Sans, Noto Sans Devanagari for Hindi): the layout's widths are theirs.
    fontFamily: "'DejaVu Sans', 'Noto Sans', Roboto, Arial, 'Noto Sans Devanagari', sans-serif",
  };

  return (
    <div
      role={label === null ? undefined : 'img'}
      aria-label={label ?? undefined}
      aria-hidden={label === null ? true : undefined}
      data-testid={label === null ? undefined : 'template-preview'}
      className={cn('relative w-full overflow-hidden bg-muted', className)}
      style={{ aspectRatio: `1 / ${ratio}`, containerType: 'inline-size' }}
    >
      <SmartImage
        src={template.backgroundUrl}
        alt=""
        aria-hidden="true"
        unavailableText={unavailableText}
        sizes={sizes}
        decoding="async"
        loading={loading}
        className="absolute inset-0 size-full object-cover"
        onLoad={(e) => {
          const img = e.currentTarget;
          if (img.naturalWidth > 0) setRatio(img.naturalHeight / img.naturalWidth);
        }}
      />
      <div aria-hidden="true" className="absolute text-center" style={area}>
        {layout.blocks.map((block, i) => (
          <div key={i} style={{ marginTop: i > 0 ? cqw(layout.gap) : 0 }}>
            {block.lines.map((line, j) => (
              <div
                key={j}
                className="whitespace-pre"
                style={{ fontSize: cqw(block.size), lineHeight: TEMPLATE_LINE_HEIGHT, fontWeight: block.bold ? 700 : 400 }}
              >
                {line}
              </div>
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}
