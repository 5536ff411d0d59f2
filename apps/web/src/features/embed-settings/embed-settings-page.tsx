// Embed settings (spec 2.1; issue 5 item 4): which parent sites may embed the portal, which hub
// sections an embedded session may open, the embed token (regenerating it stops the old one at
// once) and the snippet to paste into the parent site.

import { type EmbedDataBody, type EmbedDetails, embedDataBody } from '@kassa/contract/embed';
import { type ReactNode, useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ListError, ListLoading } from '../../components/data-list/list-states.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PendingButton } from '../../components/pending-button.tsx';
import { copyToClipboard } from '../../lib/clipboard.ts';
import { zodResolver } from '../../lib/form-resolver.ts';
import { confirmDialog, showToast, toastApiError } from '../../lib/toast.ts';
import { regenerateEmbedToken, saveEmbedSettings, useEmbedDetails } from './api/embed-settings-api.ts';
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
  const [isRegenerating, setRegenerating] = useState(false);
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

  const regenerate = async () => {
    const confirmed = await confirmDialog({
      title: 'Regenerate the embed token?',
      text: 'The current token stops working at once: every site using the old snippet must be updated.',
      confirmButtonText: 'Yes, regenerate it',
      cancelButtonText: 'No, keep it',
    });
    if (!confirmed) return;
    setRegenerating(true);
    try {
      const response = await regenerateEmbedToken();
      showToast('success', response.message ?? 'A new embed token was generated.');
      await mutate();
    } catch (err) {
      toastApiError(err, 'The embed token was not regenerated.');
    } finally {
      setRegenerating(false);
    }
  };

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
              disabled={!isDirty && Boolean(details.embed_token)}
              label="Save settings"
              pendingLabel="Saving…"
              testId="embed-save"
            />
          </div>
        </Form>
        <div>
          <Card className="embed-card mb-3" data-testid="embed-token-card">
            <Card.Body>
              <h2 className="h6 mb-1">Embed token</h2>
              {details.embed_token ? (
                <>
                  <p className="small text-body-secondary">
                    Goes into the iframe address. Merchant id{' '}
                    <code data-testid="embed-merchant-id">{details.merchant_id}</code>.
                  </p>
                  <InputGroup>
                    <Form.Control
                      readOnly
                      value={details.embed_token}
                      aria-label="Embed token"
                      className="font-monospace"
                      data-testid="embed-token"
                    />
                    <Button
                      variant="outline-secondary"
                      onClick={() => void copyToClipboard(details.embed_token ?? '', 'Token')}
                      data-testid="embed-token-copy"
                    >
                      Copy
                    </Button>
                  </InputGroup>
                </>
              ) : (
                <p className="small text-body-secondary" data-testid="embed-token-missing">
                  Save the settings once to create the token.
                </p>
              )}
              {/* Nothing to regenerate before the first save creates a token. */}
              {details.embed_token && (
                <PendingButton
                  variant="outline-danger"
                  size="sm"
                  className="mt-3"
                  pending={isRegenerating}
                  label="Regenerate token"
                  pendingLabel="Regenerating…"
                  onClick={() => void regenerate()}
                  testId="embed-token-regenerate"
                />
              )}
            </Card.Body>
          </Card>
          {details.embed_url && (
            <Card className="embed-card" data-testid="embed-snippet-card">
              <Card.Body>
                <h2 className="h6 mb-2">Snippet for your site</h2>
                <EmbedSnippet embedUrl={details.embed_url} />
              </Card.Body>
            </Card>
          )}
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
