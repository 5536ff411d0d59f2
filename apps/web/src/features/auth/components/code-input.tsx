// The six-digit code field of the sign-in code step and of authenticator-app set-up: digits only,
// offered to the browser's one-time-code autofill.
import { OTP_LENGTH } from '@kassa/contract/auth';
import type { ChangeEvent, ComponentProps } from 'react';
import { Form } from 'react-bootstrap';

export function CodeInput({ onChange, ...props }: ComponentProps<typeof Form.Control>) {
  return (
    <Form.Control
      className="otp-input"
      type="text"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={OTP_LENGTH}
      placeholder="••••••"
      {...props}
      onChange={(event: ChangeEvent<HTMLInputElement>) => {
        event.target.value = event.target.value.replace(/\D/g, '').slice(0, OTP_LENGTH);
        onChange?.(event);
      }}
    />
  );
}
