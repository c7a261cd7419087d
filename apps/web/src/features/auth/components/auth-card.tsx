import { PRODUCT_NAME, type AppUser } from '@aaspaas/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { GoogleButton } from './google-button';
import { LoginForm } from './login-form';
import { OrDivider } from './or-divider';
import { RegisterForm } from './register-form';

export type AuthTab = 'login' | 'register';

/** The two-tab card of the auth page (docs/product.md §2): Google first, 'OR', then the email form. */
export function AuthCard({
  google,
  onSignedIn,
  forgotInitiallyOpen,
}: {
  google: { start: () => void; pending: boolean; busy: boolean };
  onSignedIn: (user: AppUser) => void;
  forgotInitiallyOpen?: boolean;
}) {
  const { t } = useTranslation('auth');
  const [tab, setTab] = useState<AuthTab>('login');

  return (
    <section className="rounded-2xl border border-border bg-surface p-5 shadow-sm sm:p-6">
      <h1 className="text-2xl font-extrabold tracking-tight">{t('heading', { product: PRODUCT_NAME })}</h1>
      <p className="mt-1 text-muted-foreground">{t('intro')}</p>
      <Tabs value={tab} onValueChange={(value) => setTab(value as AuthTab)} className="mt-5">
        <TabsList aria-label={t('tabs.label')}>
          <TabsTrigger value="login">{t('tabs.login')}</TabsTrigger>
          <TabsTrigger value="register">{t('tabs.register')}</TabsTrigger>
        </TabsList>
        <TabsContent value="login">
          <GoogleButton
            label={t('login.google')}
            pendingLabel={t('login.googlePending')}
            pending={google.busy}
            onClick={google.start}
          />
          <OrDivider label={t('or')} />
          <LoginForm
            onSignedIn={onSignedIn}
            onSwitch={() => setTab('register')}
            forgotInitiallyOpen={forgotInitiallyOpen}
            busy={google.busy}
          />
        </TabsContent>
        <TabsContent value="register">
          <GoogleButton
            label={t('register.google')}
            pendingLabel={t('register.googlePending')}
            pending={google.busy}
            onClick={google.start}
          />
          <OrDivider label={t('or')} />
          <RegisterForm onSignedIn={onSignedIn} onSwitch={() => setTab('login')} busy={google.busy} />
        </TabsContent>
      </Tabs>
    </section>
  );
}
