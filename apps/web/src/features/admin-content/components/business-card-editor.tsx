import type { BusinessCard } from '@aaspaas/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { CheckboxField, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { notify } from '@/lib/notify';
import { useUpdateBusinessCard } from '../api/update-business-card';

/** The card's public fields, checked by the server with the profile editor's rules (its message is shown as is). */
export function BusinessCardEditor({ card, onDone }: { card: BusinessCard; onDone: () => void }) {
  const { t } = useTranslation('admin-content');
  const update = useUpdateBusinessCard();
  const [name, setName] = useState(card.businessName);
  const [phone, setPhone] = useState(card.businessPhone ?? '');
  const [address, setAddress] = useState(card.businessAddress ?? '');
  const [categories, setCategories] = useState(card.businessCategories.join(', '));
  const [removePhoto, setRemovePhoto] = useState(false);
  const [reason, setReason] = useState('');
  const id = (field: string) => `card-${card.userId}-${field}`;

  return (
    <form
      className="mt-3 grid gap-3 sm:grid-cols-2"
      onSubmit={(event) => {
        event.preventDefault();
        update.mutate(
          {
            userId: card.userId,
            input: {
              businessName: name,
              businessPhone: phone,
              businessAddress: address,
              businessCategories: categories
                .split(',')
                .map((c) => c.trim())
                .filter(Boolean),
              removePhoto: removePhoto || undefined,
              reason: reason || undefined,
            },
          },
          {
            onSuccess: () => {
              void notify(t('cards.saved'), 'success');
              onDone();
            },
          },
        );
      }}
    >
      <FormField id={id('name')} label={t('cards.businessName')}>
        {(control) => <Input {...control} value={name} onChange={(e) => setName(e.target.value)} required />}
      </FormField>
      <FormField id={id('phone')} label={t('cards.businessPhone')}>
        {(control) => <Input {...control} value={phone} onChange={(e) => setPhone(e.target.value)} inputMode="tel" />}
      </FormField>
      <FormField id={id('address')} label={t('cards.businessAddress')} className="sm:col-span-2">
        {(control) => <Input {...control} value={address} onChange={(e) => setAddress(e.target.value)} />}
      </FormField>
      <FormField id={id('categories')} label={t('cards.categories')} className="sm:col-span-2">
        {(control) => <Input {...control} value={categories} onChange={(e) => setCategories(e.target.value)} />}
      </FormField>
      {card.profileImageUrl ? (
        <CheckboxField
          id={id('photo')}
          label={t('cards.removePhoto')}
          checked={removePhoto}
          onChange={(e) => setRemovePhoto(e.target.checked)}
        />
      ) : null}
      <FormField id={id('reason')} label={t('reason')} className="sm:col-span-2">
        {(control) => <Input {...control} value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} />}
      </FormField>
      {update.error ? (
        <p role="alert" className="font-semibold text-danger sm:col-span-2">
          {update.error.message}
        </p>
      ) : null}
      <div className="flex gap-2 sm:col-span-2">
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? t('saving') : t('cards.save')}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          {t('cards.cancel')}
        </Button>
      </div>
    </form>
  );
}
