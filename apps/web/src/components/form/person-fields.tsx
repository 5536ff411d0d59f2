import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from './text-field.tsx';

type Message = { message?: string } | undefined;

/**
 * First and last name side by side, then the e-mail (shown as text once the person exists: it is
 * their sign-in). Renders the columns of a `Row className="g-3"`.
 */
export function PersonFields({
  idPrefix,
  register,
  errors,
  isExisting,
  emailColumns = 12,
  emailHint,
}: {
  /** "user" gives the ids user-first-name, user-last-name and user-email. */
  idPrefix: string;
  /** The form's register, which knows these three fields. */
  register: (name: 'first_name' | 'last_name' | 'email') => UseFormRegisterReturn;
  errors: { first_name?: Message; last_name?: Message; email?: Message };
  isExisting: boolean;
  /** The e-mail's width on a wider screen, out of 12. */
  emailColumns?: number;
  emailHint?: string;
}) {
  return (
    <>
      <Col sm={6}>
        <TextField
          id={`${idPrefix}-first-name`}
          label="First name"
          error={errors.first_name?.message}
          {...register('first_name')}
        />
      </Col>
      <Col sm={6}>
        <TextField
          id={`${idPrefix}-last-name`}
          label="Last name"
          error={errors.last_name?.message}
          {...register('last_name')}
        />
      </Col>
      <Col {...(emailColumns === 12 ? { xs: 12 } : { sm: emailColumns })}>
        <TextField
          id={`${idPrefix}-email`}
          label="E-mail"
          error={errors.email?.message}
          type="email"
          {...register('email')}
          readOnly={isExisting}
          plaintext={isExisting}
          hint={emailHint && !isExisting ? <Form.Text>{emailHint}</Form.Text> : undefined}
        />
      </Col>
    </>
  );
}
