/** Query keys of the business's counter (docs/product.md §3, Claims). */
export const counterKeys = {
  all: ['counter'] as const,
  claims: () => [...counterKeys.all, 'claims'] as const,
};
