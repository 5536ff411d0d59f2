import { changePasswordForm } from '@kassa/contract/password-forms';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { PageHeader } from '../../../components/page-header.tsx';
import { applyFieldErrors } from '../../../lib/form-errors.ts';
import { zodResolver } from '../../../lib/form-resolver.ts';
import { showToast, toastApiError } from '../../../lib/toast.ts';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';
import { changePassword } from '../api/auth-api.ts';
import { NewPasswordFields } from '../components/new-password-fields.tsx';
import { PasskeysSection } from '../components/passkeys-section.tsx';
import { PasswordField } from '../components/password-field.tsx';
import { SecondFactorRequiredNotice } from '../components/second-factor-required-notice.tsx';
import { SessionsSection } from '../components/sessions-section.tsx';
import { SubmitButton } from '../components/submit-button.tsx';
import { TwoStepSection } from '../components/two-step-section.tsx';

export function ChangePasswordPage() {
  const { t } = usePortalI18n();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(changePasswordForm),
    defaultValues: { old_password: '', new_password: '', confirm_password: '' },
  });

  const onSubmit = handleSubmit(async ({ old_password, new_password }) => {
    try {
      await changePassword({ old_password, new_password });
      // docs/product-rules.md#api-calls: the success toast reads "Password changed successfully".
      showToast('success', t('auth.change.done'));
      reset();
    } catch (error) {
      applyFieldErrors(error, setError, ['old_password', 'new_password']);
      // docs/product-rules.md#error-messages: fallback "Something went wrong" for password-change errors.
      toastApiError(error, t('auth.change.failed'));
    }
  });

  return (
    <section>
      <PageHeader title={t('auth.change.title')} description={t('auth.change.description')} />
      <SecondFactorRequiredNotice />
      <Card className="form-card">
        <Card.Body>
          <Form noValidate onSubmit={onSubmit} aria-label={t('auth.change.form')}>
            <PasswordField
              id="old-password"
              label={t('auth.change.current')}
              autoComplete="current-password"
              registration={register('old_password')}
              error={errors.old_password?.message}
              testId="change-password-old"
            />
            <NewPasswordFields
              ids={['new-password', 'confirm-password']}
              testIds={['change-password-new', 'change-password-confirm']}
              registrations={[register('new_password'), register('confirm_password')]}
              errors={[errors.new_password?.message, errors.confirm_password?.message]}
            />
            <div className="mt-4">
              <SubmitButton
                block={false}
                pending={isSubmitting}
                label={t('auth.change.submit')}
                pendingLabel={t('auth.change.submitting')}
                testId="change-password-submit"
              />
            </div>
          </Form>
        </Card.Body>
      </Card>
      <TwoStepSection />
      <PasskeysSection />
      <SessionsSection />
    </section>
  );
}
