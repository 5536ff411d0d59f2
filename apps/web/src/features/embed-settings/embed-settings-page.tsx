// Embed settings (docs/product-rules.md#routes): which parent sites may embed the portal and which hub
// sections an embedded session may open, and how the parent site opens it: its server mints a
// one-time embed session with an API key and frames the embed_url it gets back.

import { type EmbedDataBody, type EmbedDetails, embedDataBody } from '@kassa/contract/embed';
import { type ReactNode, useEffect } from 'react';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ListError, ListLoading } from '../../components/data-list/list-states.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PendingButton } from '../../components/pending-button.tsx';
import { zodResolver } from '../../lib/form-resolver.ts';
import { showToast, toastApiError } from '../../lib/toast.ts';
import { usePortalI18n } from '../../lib/use-portal-i18n.ts';
import { saveEmbedSettings, useEmbedDetails } from './api/embed-settings-api.ts';
import { DomainChips } from './components/domain-chips.tsx';
import { EmbedSnippet } from './components/embed-snippet.tsx';
import { RichText } from './components/rich-text.tsx';
import './embed-settings.css';
import { apiSuccessMessage } from '../../lib/api-client.ts';
import { segmentOptions } from './segment-labels.ts';

type FormOutput = z.output<typeof embedDataBody>;
interface FormValues {
  allowed_domains: string[];
  allowed_segments: string[];
}

const toForm = (details: EmbedDetails | undefined): FormValues => ({
  allowed_domains: details?.allowed_domains ?? [],
  allowed_segments: details?.allowed_segments ?? [],
});

export function EmbedSettingsPage() {
  const { t } = usePortalI18n();
  const { data, error, mutate } = useEmbedDetails();
  const details = data?.[0];
  const {
    control,
    register,
    handleSubmit,
    reset,
    formState: { isSubmitting, isDirty, errors },
  } = useForm<FormValues, unknown, FormOutput>({
    resolver: zodResolver(embedDataBody as unknown as z.ZodType<FormOutput, FormValues>),
    defaultValues: toForm(details),
  });

  useEffect(() => {
    if (details) reset(toForm(details));
  }, [details, reset]);

  const submit = handleSubmit(async (values) => {
    try {
      const response = await saveEmbedSettings(values as EmbedDataBody);
      showToast('success', apiSuccessMessage(response.message, t('embedSettings.saved')));
      await mutate([response.result], { revalidate: false });
    } catch (err) {
      toastApiError(err, t('embedSettings.saveFailed'));
    }
  });

  let body: ReactNode;
  if (error && !data) body = <ListError error={error} onRetry={() => void mutate()} />;
  else if (!details) body = <ListLoading label={t('embedSettings.loading')} />;
  else {
    body = (
      <div className="embed-settings-grid">
        <Form noValidate onSubmit={submit} className="embed-settings-form" data-testid="embed-settings-form">
          <Card className="embed-card mb-3">
            <Card.Body>
              <h2 className="h6 mb-1">{t('embedSettings.domains.title')}</h2>
              <p className="small text-body-secondary">
                <RichText
                  render={(marks) => t('embedSettings.domains.intro', marks)}
                  parts={{ wildcard: <code>{'*.example.com'}</code> }}
                />
              </p>
              <Controller
                control={control}
                name="allowed_domains"
                render={({ field }) => <DomainChips value={field.value} onChange={field.onChange} />}
              />
            </Card.Body>
          </Card>
          <Card className="embed-card mb-3">
            <Card.Body>
              <h2 className="h6 mb-1">{t('embedSettings.sections.title')}</h2>
              <p className="small text-body-secondary">{t('embedSettings.sections.intro')}</p>
              <div className="segment-grid" data-testid="segment-options">
                {segmentOptions(t).map((segment) => (
                  <Form.Check
                    key={segment.code}
                    id={`segment-${segment.code}`}
                    value={segment.code}
                    label={
                      <>
                        <span className="fw-semibold">{segment.label}</span>
                        <span className="d-block small text-body-secondary">{segment.hint}</span>
                      </>
                    }
                    data-testid={`segment-${segment.code}`}
                    {...register('allowed_segments')}
                  />
                ))}
              </div>
              {errors.allowed_segments && (
                <div className="invalid-feedback d-block" role="alert" data-testid="segments-error">
                  {errors.allowed_segments.message ?? errors.allowed_segments.root?.message}
                </div>
              )}
            </Card.Body>
          </Card>
          <div className="d-flex justify-content-end mb-3">
            <PendingButton
              type="submit"
              pending={isSubmitting}
              disabled={!isDirty && details.updated_at !== null}
              label={t('embedSettings.save')}
              pendingLabel={t('embedSettings.saving')}
              testId="embed-save"
            />
          </div>
        </Form>
        <div>
          <Card className="embed-card" data-testid="embed-how-card">
            <Card.Body>
              <h2 className="h6 mb-2">{t('embedSettings.how.title')}</h2>
              <EmbedSnippet merchantId={details.merchant_id} domains={details.allowed_domains} />
            </Card.Body>
          </Card>
        </div>
      </div>
    );
  }

  return (
    <section>
      <PageHeader title={t('embedSettings.title')} description={t('embedSettings.description')} />
      {body}
    </section>
  );
}
