import { PRODUCT_NAME } from '@aaspaas/domain';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { CategoryList } from './category-list';

/** /admin/categories: the feed's business categories and the template categories. */
export function CategoriesPage() {
  const { t } = useTranslation('admin-content');
  useDocumentTitle(`${t('categories.title')} · ${PRODUCT_NAME}`);
  return (
    <div className="flex flex-col gap-4">
      <header>
        <h1 className="text-2xl font-extrabold">{t('categories.title')}</h1>
        <p className="text-muted-foreground">{t('categories.intro')}</p>
      </header>
      <div className="grid gap-4 xl:grid-cols-2">
        <CategoryList kind="business" />
        <CategoryList kind="template" />
      </div>
    </div>
  );
}
