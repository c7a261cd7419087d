import type { AdminCategory, CategoryKind } from '@aaspaas/domain';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { useAdminCategories } from '../api/get-categories';
import { useChangeCategory } from '../api/change-category';

function CategoryRow({
  category,
  all,
  index,
  kind,
}: {
  category: AdminCategory;
  all: AdminCategory[];
  index: number;
  kind: CategoryKind;
}) {
  const { t } = useTranslation('admin-content');
  const change = useChangeCategory(kind);
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(category.name);
  const [nameHi, setNameHi] = useState(category.nameHi ?? '');
  const [mergeInto, setMergeInto] = useState<AdminCategory | null>(null);
  const ids = all.map((c) => c.id);
  const move = (to: number) => {
    const order = ids.filter((id) => id !== category.id);
    order.splice(to, 0, category.id);
    change.mutate({ type: 'reorder', ids: order });
  };
  return (
    <li className="flex flex-col gap-2 py-2" data-testid={`category-${kind}`}>
      <div className="flex flex-wrap items-center gap-2">
        {renaming ? (
          <form
            className="flex flex-1 flex-wrap gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              change.mutate({ type: 'update', id: category.id, name, nameHi }, { onSuccess: () => setRenaming(false) });
            }}
          >
            <Input
              aria-label={t('categories.renameLabel', { name: category.name })}
              value={name}
              onChange={(e) => setName(e.target.value)}
              className="min-w-40 flex-1"
            />
            <Input
              aria-label={t('categories.hindiNameLabel', { name: category.name })}
              placeholder={t('categories.hindiName')}
              lang="hi"
              value={nameHi}
              onChange={(e) => setNameHi(e.target.value)}
              className="min-w-40 flex-1"
            />
            <Button type="submit" size="sm" disabled={change.isPending}>
              {t('categories.save')}
            </Button>
            <Button variant="ghost" size="sm" onClick={() => setRenaming(false)}>
              {t('categories.cancel')}
            </Button>
          </form>
        ) : (
          <p className="flex flex-1 items-center gap-2 font-semibold">
            {category.name}
            <span lang="hi" className="font-normal text-muted-foreground" data-testid="category-hindi">
              {category.nameHi ?? t('categories.noHindi')}
            </span>
            {category.retired ? <Badge>{t('categories.retired')}</Badge> : null}
          </p>
        )}
        <Button
          variant="ghost"
          size="icon"
          disabled={index === 0 || change.isPending}
          onClick={() => move(index - 1)}
          aria-label={t('categories.moveUp', { name: category.name })}
        >
          <ArrowUp className="size-5" aria-hidden="true" />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          disabled={index === all.length - 1 || change.isPending}
          onClick={() => move(index + 1)}
          aria-label={t('categories.moveDown', { name: category.name })}
        >
          <ArrowDown className="size-5" aria-hidden="true" />
        </Button>
        {!renaming ? (
          <Button variant="secondary" size="sm" onClick={() => setRenaming(true)}>
            {t('categories.rename')}
          </Button>
        ) : null}
        <Button
          variant="secondary"
          size="sm"
          disabled={change.isPending}
          onClick={() => change.mutate({ type: 'update', id: category.id, retired: !category.retired })}
        >
          {category.retired ? t('categories.restore') : t('categories.retire')}
        </Button>
        <select
          aria-label={t('categories.mergeLabel', { name: category.name })}
          className="min-h-11 rounded-xl border border-border bg-surface px-2"
          value=""
          onChange={(e) => setMergeInto(all.find((c) => c.id === e.target.value) ?? null)}
        >
          <option value="">{t('categories.merge')}</option>
          {all
            .filter((c) => c.id !== category.id)
            .map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
        </select>
      </div>
      {change.error && !mergeInto ? (
        <p role="alert" className="text-sm font-semibold text-danger">
          {change.error.message}
        </p>
      ) : null}
      <ConfirmDialog
        open={mergeInto !== null}
        onOpenChange={(open) => (open ? undefined : setMergeInto(null))}
        title={t('categories.mergeConfirmTitle', { from: category.name, into: mergeInto?.name ?? '' })}
        description={t('categories.mergeConfirmBody', { from: category.name, into: mergeInto?.name ?? '' })}
        confirmLabel={t('categories.mergeConfirm')}
        cancelLabel={t('categories.cancel')}
        tone="danger"
        pending={change.isPending}
        pendingLabel={t('saving')}
        error={change.error?.message ?? null}
        onConfirm={() =>
          mergeInto &&
          change.mutate({ type: 'merge', id: category.id, intoId: mergeInto.id }, { onSuccess: () => setMergeInto(null) })
        }
      />
    </li>
  );
}

/** One kind's ordered list: add at the end, rename, move, retire, merge. */
export function CategoryList({ kind }: { kind: CategoryKind }) {
  const { t } = useTranslation('admin-content');
  const list = useAdminCategories(kind);
  const change = useChangeCategory(kind);
  const [name, setName] = useState('');
  const [nameHi, setNameHi] = useState('');
  return (
    <section aria-labelledby={`categories-${kind}`} className="rounded-2xl border border-border bg-surface p-4">
      <h2 id={`categories-${kind}`} className="text-lg font-bold">
        {t(`categories.${kind}`)}
      </h2>
      <form
        className="mt-2 flex flex-wrap gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          change.mutate(
            { type: 'create', name, nameHi },
            {
              onSuccess: () => {
                setName('');
                setNameHi('');
              },
            },
          );
        }}
      >
        <Input
          aria-label={t('categories.newName')}
          placeholder={t('categories.newName')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          required
          className="min-w-40 flex-1"
        />
        <Input
          aria-label={t('categories.newHindiName')}
          placeholder={t('categories.newHindiName')}
          lang="hi"
          value={nameHi}
          onChange={(e) => setNameHi(e.target.value)}
          className="min-w-40 flex-1"
        />
        <Button type="submit" disabled={change.isPending}>
          {t('categories.add')}
        </Button>
      </form>
      {change.error ? (
        <p role="alert" className="mt-1 text-sm font-semibold text-danger">
          {change.error.message}
        </p>
      ) : null}
      {list.isPending ? (
        <Skeleton className="mt-3 h-24" />
      ) : list.isError ? (
        <p role="alert" className="mt-3 text-danger">
          {t('categories.loadError')}: {list.error.message}
        </p>
      ) : list.data.length === 0 ? (
        <p className="mt-3 text-muted-foreground">{t('categories.empty')}</p>
      ) : (
        <ol className="mt-3 divide-y divide-border">
          {list.data.map((category, index) => (
            <CategoryRow key={category.id} category={category} all={list.data} index={index} kind={kind} />
          ))}
        </ol>
      )}
    </section>
  );
}
