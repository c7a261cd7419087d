import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { SitePageView } from '@/features/pages/components/site-page-view';

/** /terms-conditions: the stored Terms of Service (as on /Termsofservice), leading back to /settings. */
export function Component() {
  const { t } = useTranslation('profile');
  return <SitePageView slug="terms" back={{ to: paths.account.settings.getHref(), label: t('settings.backToSettings') }} />;
}
