import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckboxField } from '@/components/ui/form-field';
import { setSpeechEnabled, speechAvailable, speechEnabled } from '../utils/speech';

/** Settings: say "₹399 received for Diwali combo" aloud when a claim is redeemed; off by default. */
export function SpeechSetting() {
  const { t } = useTranslation('counter');
  const id = useId();
  const [on, setOn] = useState(speechEnabled);
  if (!speechAvailable()) return <p className="text-sm text-muted-foreground">{t('speech.unavailable')}</p>;
  return (
    <CheckboxField
      id={id}
      data-testid="speech-setting"
      checked={on}
      onChange={(e) => {
        setOn(e.target.checked);
        setSpeechEnabled(e.target.checked);
      }}
      label={t('speech.label')}
      description={t('speech.hint')}
    />
  );
}
