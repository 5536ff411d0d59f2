// Setup (docs/product-rules.md#routes /setup): the business profile. docs/product-rules.md#api-calls, docs/product-rules.md#error-messages: the success toast shows
// the server's message; a failure shows the server's message, else "Unable to update Business
// Profile.". Only the owner and staff may change it; a sub-user sees it read-only. The logo is
// uploaded first and saved with the profile as the path Kassa answered; it is sent only when it
// changed (older logos may be data: URLs the patch would refuse), and the session profile is read
// again after a save so the header shows the new logo and name.
import { zodResolver } from '@hookform/resolvers/zod';
import { ROLE } from '@kassa/contract/access';
import { type MerchantProfile, type MerchantProfilePatch, merchantProfilePatch } from '@kassa/contract/auth';
import { useEffect, useState } from 'react';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { useForm } from 'react-hook-form';
import { ListError } from '../../components/data-list/list-states.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { PendingButton } from '../../components/pending-button.tsx';
import { applyFieldErrors } from '../../lib/form-errors.ts';
import { useSessionDispatch, useSessionSelector } from '../../lib/session-hooks.ts';
import { showToast, toastApiError } from '../../lib/toast.ts';
import { usePortalI18n } from '../../lib/use-portal-i18n.ts';
import { fetchProfile } from '../auth/index.ts';
import { updateMerchantProfile, useMerchantProfile } from './api/merchant-profile-api.ts';
import { BusinessProfileFields } from './components/business-profile-fields.tsx';
import { LogoField } from './components/logo-field.tsx';
import { FIELDS, logoFieldError, type ProfileForm, toForm } from './components/profile-form.ts';
import './setup.css';
import { apiSuccessMessage } from '../../lib/api-client.ts';

export function SetupPage() {
  const { t } = usePortalI18n();
  const { data, error, mutate } = useMerchantProfile();
  if (error && !data) {
    return (
      <section>
        <PageHeader title={t('nav.item.setup')} />
        <ListError error={error} onRetry={() => mutate()} fallback={t('setup.loadFailed')} />
      </section>
    );
  }
  if (!data) return <PageSpinner />;
  return <ProfileEditor profile={data} onSaved={(saved) => mutate(saved, false)} />;
}

function ProfileEditor({ profile, onSaved }: { profile: MerchantProfile; onSaved: (p: MerchantProfile) => void }) {
  const { t } = usePortalI18n();
  const role = useSessionSelector((s) => s.auth.user?.role);
  const dispatch = useSessionDispatch();
  const mayEdit = role === ROLE.MERCHANT_OWNER || role === ROLE.MERCHANT_STAFF;
  const [logo, setLogo] = useState(profile.logo);
  const [logoError, setLogoError] = useState<string | undefined>();
  const isLogoChanged = logo !== profile.logo;
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<ProfileForm, unknown, MerchantProfilePatch>({
    resolver: zodResolver(merchantProfilePatch),
    defaultValues: toForm(profile),
  });

  useEffect(() => {
    reset(toForm(profile));
    setLogo(profile.logo);
  }, [profile, reset]);

  const onSubmit = handleSubmit(async (values) => {
    setLogoError(undefined);
    try {
      const result = await updateMerchantProfile(isLogoChanged ? { ...values, logo } : values);
      showToast('success', apiSuccessMessage(result.message, t('setup.saved')));
      onSaved(result.result);
      void dispatch(fetchProfile());
    } catch (saveError) {
      applyFieldErrors(saveError, setError, FIELDS);
      setLogoError(logoFieldError(saveError));
      toastApiError(saveError, t('setup.saveFailed'));
    }
  });

  return (
    <section>
      <PageHeader title={t('nav.item.setup')} description={t('setup.description')} />
      <Form noValidate onSubmit={onSubmit} aria-label={t('setup.profile')}>
        <fieldset disabled={!mayEdit || isSubmitting}>
          <Row className="g-4">
            <Col lg={8}>
              <Card className="setup-card">
                <Card.Body>
                  <h2 className="h6 mb-3">{t('setup.profile')}</h2>
                  <BusinessProfileFields register={register} errors={errors} currency={profile.default_currency} />
                  <Form.Group className="mt-3" controlId="merchant-tax-id">
                    <Form.Label>{t('setup.taxId')}</Form.Label>
                    <Form.Control
                      {...register('tax_id')}
                      placeholder={t('setup.taxIdPlaceholder')}
                      isInvalid={Boolean(errors.tax_id)}
                      aria-describedby="merchant-tax-id-help"
                    />
                    <Form.Control.Feedback type="invalid">{errors.tax_id?.message}</Form.Control.Feedback>
                    <Form.Text id="merchant-tax-id-help">{t('setup.taxIdHelp')}</Form.Text>
                  </Form.Group>
                </Card.Body>
              </Card>
            </Col>
            <Col lg={4}>
              <Card className="setup-card">
                <Card.Body>
                  <h2 className="h6 mb-3">{t('setup.logo')}</h2>
                  <LogoField
                    value={logo}
                    businessName={profile.name}
                    isChanged={isLogoChanged}
                    isReadOnly={!mayEdit}
                    serverError={logoError}
                    onChange={(path) => {
                      setLogoError(undefined);
                      setLogo(path);
                    }}
                  />
                  <h2 className="h6 mt-4 mb-2">{t('nav.item.customers')}</h2>
                  <Form.Check
                    type="switch"
                    id="match-customers-by-email"
                    label={t('setup.matchCustomers')}
                    {...register('match_customers_by_email')}
                  />
                  <Form.Text>{t('setup.matchCustomersHelp')}</Form.Text>
                  <h2 className="h6 mt-4 mb-2">{t('setup.receipts')}</h2>
                  <Form.Check
                    type="switch"
                    id="email-receipts"
                    label={t('setup.emailReceipts')}
                    {...register('email_receipts')}
                  />
                  <Form.Text>{t('setup.emailReceiptsHelp')}</Form.Text>
                  {profile.industry_type_name && (
                    <p className="small text-body-secondary mt-3 mb-0">
                      {t('setup.industry', { industry: profile.industry_type_name })}
                    </p>
                  )}
                </Card.Body>
              </Card>
            </Col>
          </Row>
        </fieldset>
        {mayEdit && (
          <div className="mt-4">
            <PendingButton
              type="submit"
              pending={isSubmitting}
              disabled={!isDirty && !isLogoChanged}
              label={t('setup.save')}
              pendingLabel={t('components.saving')}
              className="px-4"
              testId="setup-submit"
            />
          </div>
        )}
      </Form>
    </section>
  );
}
