// Form schemas of the password pages (web): the API bodies of auth.ts plus a confirmation field that
// never goes over the wire.
import { z } from 'zod';
import { changePasswordBody, newPassword } from './auth.ts';

const MISMATCH = 'The passwords do not match';

export const resetPasswordForm = z
  .object({ password: newPassword, confirm_password: z.string().min(1, 'Repeat the new password') })
  .refine((v) => v.password === v.confirm_password, { path: ['confirm_password'], message: MISMATCH });
export type ResetPasswordForm = z.infer<typeof resetPasswordForm>;

export const changePasswordForm = changePasswordBody
  .extend({ confirm_password: z.string().min(1, 'Repeat the new password') })
  .refine((v) => v.new_password === v.confirm_password, { path: ['confirm_password'], message: MISMATCH })
  .refine((v) => v.new_password !== v.old_password, {
    path: ['new_password'],
    message: 'Choose a password different from the current one',
  });
export type ChangePasswordForm = z.infer<typeof changePasswordForm>;
