import type { UseFormRegisterReturn } from 'react-hook-form';
import { PasswordField } from './password-field.tsx';

type Pair<T> = [password: T, confirm: T];

const LABELS: Pair<string> = ['New password', 'Confirm new password'];

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
  return (
    <>
      {([0, 1] as const).map((index) => (
        <PasswordField
          key={index}
          id={ids[index]}
          label={LABELS[index]}
          autoComplete="new-password"
          registration={registrations[index]}
          error={errors[index]}
          testId={testIds[index]}
        />
      ))}
    </>
  );
}
