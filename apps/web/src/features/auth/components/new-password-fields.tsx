import type { UseFormRegisterReturn } from 'react-hook-form';
import { PasswordField } from './password-field.tsx';

interface PasswordInput {
  id: string;
  testId: string;
  registration: UseFormRegisterReturn;
  error?: string;
}

/** A new password typed twice (reset, change). */
export function NewPasswordFields({ password, confirm }: { password: PasswordInput; confirm: PasswordInput }) {
  return (
    <>
      <PasswordField label="New password" autoComplete="new-password" {...password} />
      <PasswordField label="Confirm new password" autoComplete="new-password" {...confirm} />
    </>
  );
}
