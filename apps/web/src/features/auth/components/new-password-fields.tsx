import type { UseFormRegisterReturn } from 'react-hook-form';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';
import { PasswordField } from './password-field.tsx';

type Pair<T> = [password: T, confirm: T];

/** A new password typed twice (reset, change); each prop holds the password's then the confirmation's. */
export function NewPasswordFields({
  ids,
  testIds,
  registrations,
  errors,
}: {
  ids: Pair<string>;
  testIds: Pair<string>;
  registrations: Pair<UseFormRegisterReturn>;
  errors: Pair<string | undefined>;
}) {
  const { t } = usePortalI18n();
  const labels: Pair<string> = [t('auth.password.new'), t('auth.password.confirmNew')];
  return (
    <>
      {([0, 1] as const).map((index) => (
        <PasswordField
          key={index}
          id={ids[index]}
          label={labels[index]}
          autoComplete="new-password"
          registration={registrations[index]}
          error={errors[index]}
          testId={testIds[index]}
        />
      ))}
    </>
  );
}
