import { PRODUCT_NAME } from '@aaspaas/domain/rules';
import { Activity, Image, MapPin, MousePointerClick, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';

const FEATURES: { key: 'easy' | 'local' | 'visual' | 'realtime'; Icon: LucideIcon }[] = [
  { key: 'easy', Icon: MousePointerClick },
  { key: 'local', Icon: MapPin },
  { key: 'visual', Icon: Image },
  { key: 'realtime', Icon: Activity },
];

/** The auth page's wide-screen panel (docs/product.md §1, §2): the headline and four feature cards. */
export function MarketingPanel() {
  const { t } = useTranslation('auth');
  return (
    <div className="mx-auto flex max-w-xl flex-col justify-center px-10 py-12">
      <h2 className="text-4xl leading-tight font-extrabold tracking-tight text-foreground">{t('marketing.headline')}</h2>
      <p className="mt-4 text-lg text-muted-foreground">{t('marketing.intro', { product: PRODUCT_NAME })}</p>
      <ul className="mt-8 grid grid-cols-2 gap-4">
        {FEATURES.map(({ key, Icon }) => (
          <li key={key} className="rounded-2xl border border-border bg-surface p-5 shadow-sm">
            <Icon className="size-7 text-primary" aria-hidden="true" />
            <h3 className="mt-3 font-bold">{t(`marketing.features.${key}.title`)}</h3>
            <p className="mt-1 text-sm text-muted-foreground">{t(`marketing.features.${key}.body`)}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
