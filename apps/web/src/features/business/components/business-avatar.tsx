import { SmartImage } from '@/components/ui/smart-image';
import { cn } from '@/lib/utils';

/** Up to two initials of the business name ('Sharma Sweets' → 'SS'), for when there is no photo. */
export function businessInitials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.slice(0, 2).map((w) => Array.from(w)[0] ?? '');
  return letters.join('').toUpperCase() || '?';
}

/** The business's profile photo (decorative: the name is right next to it), or its initials. */
export function BusinessAvatar({
  name,
  imageUrl,
  unavailableText,
  className,
}: {
  name: string;
  imageUrl: string | null;
  unavailableText: string;
  className?: string;
}) {
  const box = cn('size-20 shrink-0 rounded-full', className);
  if (imageUrl) {
    return (
      <SmartImage
        src={imageUrl}
        alt=""
        unavailableText={unavailableText}
        responsive={false}
        width={80}
        height={80}
        className={cn(box, 'border border-border bg-muted object-cover')}
        fallbackClassName={cn(box, '[&>span]:sr-only')}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      data-testid="business-initials"
      className={cn(box, 'flex items-center justify-center bg-primary-soft text-2xl font-extrabold text-primary-hover')}
    >
      {businessInitials(name)}
    </span>
  );
}
