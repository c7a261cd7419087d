import { Menu } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

const loadDropdown = () => import('./app-menu-dropdown');
const AppMenuDropdown = lazy(loadDropdown);

const triggerClassName =
  'inline-flex size-11 items-center justify-center rounded-xl text-foreground hover:bg-muted data-[state=open]:bg-muted';

/** The header menu button. The menu's code loads when the user reaches for it (hover, focus, tap). */
export function AppMenu() {
  const { t } = useTranslation();
  const [activated, setActivated] = useState(false);

  const placeholder = (
    <button
      type="button"
      aria-label={t('menu.open')}
      aria-haspopup="menu"
      aria-expanded={false}
      className={triggerClassName}
      onPointerEnter={() => void loadDropdown()}
      onFocus={() => void loadDropdown()}
      onClick={() => setActivated(true)}
    >
      <Menu className="size-6" aria-hidden="true" />
    </button>
  );

  if (!activated) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <AppMenuDropdown triggerClassName={triggerClassName} />
    </Suspense>
  );
}
