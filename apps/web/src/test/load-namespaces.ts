import { preloadNamespaces } from '@/lib/i18n';

// Components render with every namespace at hand, as they do in the app once the page has loaded.
await preloadNamespaces();
