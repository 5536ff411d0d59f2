// Setup (docs/product-rules.md#routes /setup): the business profile. docs/product-rules.md#api-calls, docs/product-rules.md#error-messages: the success toast shows
// the server's message; a failure shows the server's message, else "Unable to update Business
// Profile.". Only the owner and staff may change it; a sub-user sees it read-only. The logo is
// uploaded first and saved with the profile as the path Kassa answered; it is sent only when it
// changed (older logos may be data: URLs the patch would refuse), and the session profile is read
// again after a save so the header shows the new logo and name.
import { zodResolver } from '@hookform/resolvers/zod';
import { ROLE } from '@kassa/contract/access';
import { type MerchantProfile, type MerchantProfilePatch, merchantProfilePatch } from '@kassa/contract/auth';
import { formatInternational } from '@kassa/contract/phone';
import { useEffect, useState } from 'react';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { type FieldPath, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ListError } from '../../components/data-list/list-states.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { PendingButton } from '../../components/pending-button.tsx';
import { COUNTRY_OPTIONS, CodeOptions } from '../../components/region-options.tsx';
import { applyFieldErrors } from '../../lib/form-errors.ts';
import { showToast, toastApiError } from '../../lib/toast.ts';
import { fetchProfile } from '../auth/auth-slice.ts';
import { useSessionDispatch, useSessionSelector } from '../auth/session-hooks.ts';
import { updateMerchantProfile, useMerchantProfile } from './api/merchant-profile-api.ts';
import { LogoField } from './components/logo-field.tsx';
import './setup.css';
import { SelectField } from '../../components/form/text-field.tsx';

export const PROFILE_UPDATE_FAILED = 'Unable to update Business Profile.';

type ProfileForm = Omit<z.input<typeof merchantProfilePatch>, 'logo'>;
const FIELDS: FieldPath<ProfileForm>[] = [
  'name',
  'email',
  'phone',
  'address',
  'city',
  'state',
  'zip_code',
  'country',
  'website',
];

const toForm = (p: MerchantProfile): Required<ProfileForm> => ({
  name: p.name,
  email: p.email,
  // The stored number is E.164; show it the way people write it (docs/product-rules.md#validation: the raw value when it fails).
  phone: p.phone ? formatInternational(p.phone, p.country) : '',
  address: p.address,
  city: p.city,
  state: p.state,
  zip_code: p.zip_code,
  country: p.country,
  website: p.website ?? '',
});

/** The server's message for the logo field, when it refused the logo (docs/ARCHITECTURE.md#api-conventions field errors). */
function logoFieldError(error: unknown): string | undefined {
  const errors = (error as { errors?: { path?: string; message?: string }[] } | null)?.errors;
  return Array.isArray(errors) ? errors.find((entry) => entry.path === 'logo')?.message : undefined;
}

export function SetupPage() {
  const { data, error, mutate } = useMerchantProfile();
  if (error && !data) {
    return (
      <section>
        <PageHeader title="Setup" />
        <ListError error={error} onRetry={() => mutate()} fallback="An error occurred while fetching data." />
      </section>
    );
  }
  if (!data) return <PageSpinner />;
  return <ProfileEditor profile={data} onSaved={(saved) => mutate(saved, false)} />;
}

function ProfileEditor({ profile, onSaved }: { profile: MerchantProfile; onSaved: (p: MerchantProfile) => void }) {
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
      showToast('success', result.message ?? 'Business profile updated.');
      onSaved(result.result);
      void dispatch(fetchProfile());
    } catch (saveError) {
      applyFieldErrors(saveError, setError, FIELDS);
      setLogoError(logoFieldError(saveError));
      toastApiError(saveError, PROFILE_UPDATE_FAILED);
    }
  });

  const field = (name: keyof ProfileForm & string, label: string, props: Record<string, unknown> = {}) => (
    <Form.Group controlId={`setup-${name}`}>
      <Form.Label>{label}</Form.Label>
      <Form.Control {...register(name)} isInvalid={Boolean(errors[name])} data-testid={`setup-${name}`} {...props} />
      <Form.Control.Feedback type="invalid">{errors[name]?.message}</Form.Control.Feedback>
    </Form.Group>
  );

  return (
    <section>
      <PageHeader title="Setup" description="Your business as buyers see it on checkout pages and invoices." />
      <Form noValidate onSubmit={onSubmit} aria-label="Business profile">
        <fieldset disabled={!mayEdit || isSubmitting}>
          <Row className="g-4">
            <Col lg={8}>
              <Card className="setup-card">
                <Card.Body>
                  <h2 className="h6 mb-3">Business profile</h2>
                  <Row className="g-3">
                    <Col md={6}>{field('name', 'Business name')}</Col>
                    <Col md={6}>{field('email', 'E-mail', { type: 'email' })}</Col>
                    <Col md={6}>{field('phone', 'Phone', { type: 'tel', placeholder: '+1 415 555 0123' })}</Col>
                    <Col md={6}>{field('website', 'Website', { type: 'url', placeholder: 'https://' })}</Col>
                    <Col xs={12}>{field('address', 'Address')}</Col>
                    <Col md={4}>{field('city', 'City')}</Col>
                    <Col md={4}>{field('state', 'State / region')}</Col>
                    <Col md={4}>{field('zip_code', 'ZIP / postal code')}</Col>
                    <Col md={6}>
                      <SelectField
                        id="setup-country"
                        label="Country"
                        error={errors.country?.message}
                        {...register('country')}
                      >
                        <CodeOptions options={COUNTRY_OPTIONS} />
                      </SelectField>
                    </Col>
                    <Col md={6}>
                      <Form.Group controlId="setup-currency">
                        <Form.Label>Default currency</Form.Label>
                        <Form.Control plaintext readOnly value={profile.default_currency} />
                      </Form.Group>
                    </Col>
                  </Row>
                </Card.Body>
              </Card>
            </Col>
            <Col lg={4}>
              <Card className="setup-card">
                <Card.Body>
                  <h2 className="h6 mb-3">Logo</h2>
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
                  {profile.industry_type_name && (
                    <p className="small text-body-secondary mt-3 mb-0">Industry: {profile.industry_type_name}</p>
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
              label="Save profile"
              pendingLabel="Saving…"
              className="px-4"
              testId="setup-submit"
            />
          </div>
        )}
      </Form>
    </section>
  );
}
