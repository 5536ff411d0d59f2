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
import { saveEmbedSettings, useEmbedDetails } from './api/embed-settings-api.ts';
import { DomainChips } from './components/domain-chips.tsx';
import { EmbedSnippet } from './components/embed-snippet.tsx';
import './embed-settings.css';
import { SEGMENT_OPTIONS } from './segment-labels.ts';

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
      showToast('success', response.message ?? 'Embed settings saved.');
      await mutate([response.result], { revalidate: false });
    } catch (err) {
      toastApiError(err, 'The embed settings were not saved.');
    }
  });

  let body: ReactNode;
  if (error && !data) body = <ListError error={error} onRetry={() => void mutate()} />;
  else if (!details) body = <ListLoading label="Loading embed settings…" />;
  else {
    body = (
      <div className="embed-settings-grid">
        <Form noValidate onSubmit={submit} className="embed-settings-form" data-testid="embed-settings-form">
          <Card className="embed-card mb-3">
            <Card.Body>
              <h2 className="h6 mb-1">Allowed parent domains</h2>
              <p className="small text-body-secondary">
                Sites that may show the portal in an iframe. Any port of a listed host is allowed;{' '}
                <code>*.example.com</code> covers its subdomains.
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
              <h2 className="h6 mb-1">Allowed sections</h2>
              <p className="small text-body-secondary">
                An embedded session only opens these sections; the server refuses everything else. With none, the portal
                shows no menu.
              </p>
              <div className="segment-grid" data-testid="segment-options">
                {SEGMENT_OPTIONS.map((segment) => (
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
              label="Save settings"
              pendingLabel="Saving…"
              testId="embed-save"
            />
          </div>
        </Form>
        <div>
          <Card className="embed-card" data-testid="embed-how-card">
            <Card.Body>
              <h2 className="h6 mb-2">How your site opens the portal</h2>
              <EmbedSnippet merchantId={details.merchant_id} domains={details.allowed_domains} />
            </Card.Body>
          </Card>
        </div>
      </div>
    );
  }

  return (
    <section>
      <PageHeader
        title="Embed settings"
        description="Show your Kassa portal inside your own website, limited to the sections you choose."
      />
      {body}
    </section>
  );
}
