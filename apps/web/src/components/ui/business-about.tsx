import { useId } from 'react';
import { useCategoryName } from '@/hooks/use-local-name';
import { Badge } from './badge';

type BusinessAboutProps = {
  details: string | null;
  categories: readonly string[];
  /** Already translated section titles. */
  labels: { about: string; categories: string };
  /** h2 on the business page; h3 in the business popup, under the popup's own title. */
  heading: 'h2' | 'h3';
};

const SECTION_TITLE = 'text-sm font-bold tracking-wide text-muted-foreground uppercase';

/**
 * A business's 'About' text and its categories (in the language shown): the same block in the feed's
 * business popup and on its page.
 */
export function BusinessAbout({ details, categories, labels, heading: Heading }: BusinessAboutProps) {
  const id = useId();
  const categoryName = useCategoryName();
  return (
    <>
      {details ? (
        <section aria-labelledby={`${id}-about`}>
          <Heading id={`${id}-about`} className={`${SECTION_TITLE} mb-1`}>
            {labels.about}
          </Heading>
          <p className="leading-relaxed break-words whitespace-pre-line">{details}</p>
        </section>
      ) : null}
      {categories.length > 0 ? (
        <section aria-labelledby={`${id}-categories`}>
          <Heading id={`${id}-categories`} className={`${SECTION_TITLE} mb-2`}>
            {labels.categories}
          </Heading>
          <ul className="flex flex-wrap gap-2">
            {categories.map((c) => (
              <li key={c}>
                <Badge variant="primary" className="px-3 py-1 text-sm">
                  {categoryName(c)}
                </Badge>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
