import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { usePortalI18n } from '../../lib/use-portal-i18n.ts';
import { TextField } from './text-field.tsx';

type Message = { message?: string } | undefined;

/** The name fields side by side: the form field, its id after the prefix, its label. */
const NAME_FIELDS = [
  ['first_name', 'first-name', 'components.person.firstName'],
  ['last_name', 'last-name', 'components.person.lastName'],
] as const;

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
  const { t } = usePortalI18n();
  return (
    <>
      {NAME_FIELDS.map(([name, idSuffix, label]) => (
        <Col sm={6} key={name}>
          <TextField
            id={`${idPrefix}-${idSuffix}`}
            label={t(label)}
            error={errors[name]?.message}
            {...register(name)}
          />
        </Col>
      ))}
      <Col {...(emailColumns === 12 ? { xs: 12 } : { sm: emailColumns })}>
        <TextField
          id={`${idPrefix}-email`}
          label={t('components.person.email')}
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
