import { type AdminUser, PRODUCT_NAME, formatRupees } from '@aaspaas/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { formatIndiaDate } from '@/lib/format';
import { notify } from '@/lib/notify';
import { useAdminUsers } from '../api/get-admin-users';
import { type UserModeration, useModerateUser } from '../api/moderate-user';
import { AdminFilter, type AdminColumn, AdminTable } from './admin-table';
import { SuspendUserDialog } from './suspend-user-dialog';
import { WalletAdjustmentDialog } from './wallet-adjustment-dialog';

/** /admin/users: every account, its suspension, a password-reset link and wallet adjustments. */
export function UsersPage() {
  const { t } = useTranslation('admin');
  useDocumentTitle(`${t('pages.users.title')} · ${t('title', { product: PRODUCT_NAME })}`);
  const [params, setParams] = useSearchParams();
  const status = params.get('status') ?? 'all';
  const users = useAdminUsers({
    q: params.get('q') || undefined,
    status: status === 'active' || status === 'suspended' ? status : undefined,
  });
  const moderate = useModerateUser();
  const [suspending, setSuspending] = useState<AdminUser | null>(null);
  const [reinstating, setReinstating] = useState<AdminUser | null>(null);
  const [adjusting, setAdjusting] = useState<AdminUser | null>(null);
  // A new dialog (and idempotency key) each time it opens.
  const [adjustments, setAdjustments] = useState(0);

  const set = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value && value !== 'all') next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };
  const act = (m: UserModeration, done: string) =>
    moderate.mutate(m, {
      onSuccess: (answer) => {
        setSuspending(null);
        setReinstating(null);
        void notify(answer?.message ?? done, 'success');
      },
      onError: (error) => {
        if (m.action === 'password-reset-link') void notify(error.message, 'error');
      },
    });

  const columns: AdminColumn<AdminUser>[] = [
    {
      key: 'account',
      header: t('users.columns.account'),
      cell: (u) => (
        <div className="flex flex-col gap-0.5">
          <span className="font-semibold">{u.businessName}</span>
          <span>{u.name}</span>
          <span className="break-all text-muted-foreground">
            {u.email}
            {u.emailVerified ? '' : ` (${t('users.unverified')})`}
          </span>
          {u.phone ? <span className="text-muted-foreground">{u.phone}</span> : null}
        </div>
      ),
    },
    {
      key: 'status',
      header: t('users.columns.status'),
      cell: (u) => (
        <div className="flex flex-col gap-0.5">
          <span className={u.status === 'suspended' ? 'font-semibold text-danger' : ''}>{t(`users.status.${u.status}`)}</span>
          {u.suspensionReason ? <span className="text-muted-foreground">“{u.suspensionReason}”</span> : null}
          {u.isAdmin ? <span className="font-semibold">{t('users.admin')}</span> : null}
        </div>
      ),
    },
    {
      key: 'activity',
      header: t('users.columns.activity'),
      cell: (u) => (
        <div className="flex flex-col gap-0.5">
          <span>{u.signInMethods.map((m) => t(`users.methods.${m}`, { defaultValue: m })).join(', ') || '—'}</span>
          <span className="text-muted-foreground">
            {t('users.lastSignIn', { when: u.lastSignInAt ? formatIndiaDate(u.lastSignInAt) : t('users.never') })}
          </span>
          <Link
            to={`/admin/feed?businessId=${encodeURIComponent(u.id)}`}
            className="text-primary underline-offset-4 hover:underline"
          >
            {t('users.posts', { count: u.postCount })}
          </Link>
          <span>{t('users.balance', { amount: formatRupees(u.balancePaise) })}</span>
        </div>
      ),
    },
    {
      key: 'actions',
      header: t('users.columns.actions'),
      cell: (u) =>
        u.isAdmin ? null : (
          <div className="flex flex-wrap gap-2">
            {u.status === 'suspended' ? (
              <Button size="sm" variant="secondary" onClick={() => setReinstating(u)}>
                {t('users.actions.reinstate')}
              </Button>
            ) : (
              <Button size="sm" variant="secondary" className="text-danger" onClick={() => setSuspending(u)}>
                {t('users.actions.suspend')}
              </Button>
            )}
            <Button
              size="sm"
              variant="secondary"
              onClick={() => {
                setAdjustments((n) => n + 1);
                setAdjusting(u);
              }}
            >
              {t('users.actions.adjustWallet')}
            </Button>
            {u.emailVerified ? (
              <Button
                size="sm"
                variant="ghost"
                onClick={() => act({ id: u.id, action: 'password-reset-link' }, t('users.done.resetSent'))}
              >
                {t('users.actions.resetLink')}
              </Button>
            ) : null}
          </div>
        ),
    },
  ];

  return (
    <div className="flex flex-col gap-4">
      <header>
        <h1 className="text-2xl font-extrabold">{t('pages.users.title')}</h1>
        <p className="text-muted-foreground">{t('users.intro')}</p>
      </header>
      <AdminTable
        caption={t('pages.users.title')}
        columns={columns}
        rowKey={(u) => u.id}
        paged={{ ...users, rows: users.data?.pages.flatMap((page) => page.users) }}
        empty={t('users.empty')}
        search={{ label: t('users.search'), value: params.get('q') ?? '', onSearch: (q) => set('q', q) }}
        filters={
          <AdminFilter
            label={t('users.statusFilter')}
            value={status}
            onChange={(v) => set('status', v)}
            options={(['all', 'active', 'suspended'] as const).map((s) => ({ value: s, label: t(`users.statusOptions.${s}`) }))}
          />
        }
      />
      <SuspendUserDialog
        key={suspending?.id ?? 'none'}
        user={suspending}
        onClose={() => setSuspending(null)}
        pending={moderate.isPending}
        error={moderate.isError && suspending ? moderate.error.message : null}
        onSuspend={(reason) => suspending && act({ id: suspending.id, action: 'suspend', reason }, t('users.done.suspended'))}
      />
      <WalletAdjustmentDialog
        key={`${adjusting?.id ?? 'none'}-${adjustments}`}
        user={adjusting}
        onClose={() => setAdjusting(null)}
        onDone={(result, user) => {
          setAdjusting(null);
          const values = {
            amount: formatRupees(Math.abs(result.entry.amountPaise)),
            business: user.businessName || user.name,
            balance: formatRupees(result.balancePaise),
          };
          // A repeated answer (a double-click, a retry) is the same adjustment, made once.
          void notify(t(result.entry.amountPaise > 0 ? 'users.adjust.doneCredit' : 'users.adjust.doneDebit', values), 'success');
        }}
      />
      <ConfirmDialog
        open={reinstating !== null}
        onOpenChange={(open) => !open && setReinstating(null)}
        title={t('users.reinstate.title')}
        description={t('users.reinstate.description', { business: reinstating?.businessName ?? '' })}
        confirmLabel={t('users.actions.reinstate')}
        cancelLabel={t('moderation.cancel')}
        pending={moderate.isPending}
        error={moderate.isError && reinstating ? moderate.error.message : null}
        onConfirm={() => reinstating && act({ id: reinstating.id, action: 'reinstate' }, t('users.done.reinstated'))}
      />
    </div>
  );
}
