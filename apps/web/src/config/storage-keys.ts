// The keys are a product fact the bench and e2e share, so they live in the domain.
export { STORAGE_KEYS, VISITOR_STORAGE_KEY } from '@aaspaas/domain/rules';
