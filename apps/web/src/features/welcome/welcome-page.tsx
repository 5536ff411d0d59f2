// Welcome (docs/product-rules.md#routes /welcome): the steps to go live with what is done ticked, each
// linking to its page.
import { isHubActive } from '@kassa/contract/access';
import { Link } from 'react-router';
import { PageHeader } from '../../components/page-header.tsx';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { useSessionSelector } from '../../lib/session-hooks.ts';
import { usePortalI18n } from '../../lib/use-portal-i18n.ts';
import {
  useConnectionsForWelcome,
  usePaymentCountForWelcome,
  useProductCountForWelcome,
  useProfileForWelcome,
} from './api/go-live-api.ts';
import { goLiveSteps } from './go-live-steps.ts';
import './welcome.css';

export function WelcomePage() {
  const { t } = usePortalI18n();
  const user = useSessionSelector((s) => s.auth.user);
  // Products and connections live in the Payment Hub: their pages open once it is active.
  const paymentHubActive = isHubActive(user?.merchant?.payment_hub_status);
  const profile = useProfileForWelcome();
  const connections = useConnectionsForWelcome();
  const products = useProductCountForWelcome();
  const payments = usePaymentCountForWelcome();
  const isLoading = profile.isLoading || connections.isLoading || products.isLoading || payments.isLoading;

  if (isLoading) return <PageSpinner />;
  const steps = goLiveSteps(
    {
      profile: profile.data,
      connections: connections.data,
      products: products.data,
      paymentCount: payments.data,
    },
    t,
  );
  const done = steps.filter((step) => step.isDone).length;

  return (
    <section>
      <PageHeader
        title={user?.first_name ? t('welcome.titleNamed', { name: user.first_name }) : t('welcome.title')}
        description={t('welcome.description')}
      />
      <div className="welcome-progress">
        <div className="d-flex justify-content-between small mb-1">
          <span className="fw-semibold" data-testid="welcome-progress">
            {t('welcome.progress', { done, total: steps.length })}
          </span>
          {done === steps.length && <span className="text-success fw-semibold">{t('welcome.ready')}</span>}
        </div>
        {/* The name belongs on the progressbar itself, not on its track. */}
        <div className="progress">
          <div
            className="progress-bar"
            role="progressbar"
            aria-label={t('welcome.stepsDone')}
            aria-valuemin={0}
            aria-valuemax={steps.length}
            aria-valuenow={done}
            aria-valuetext={t('welcome.progress', { done, total: steps.length })}
            style={{ width: `${(done / steps.length) * 100}%` }}
          />
        </div>
      </div>
      <ol className="welcome-steps">
        {steps.map((step, index) => (
          <li
            key={step.key}
            className={`welcome-step ${step.isDone ? 'is-done' : ''}`}
            data-testid={`welcome-step-${step.key}`}
            data-done={step.isDone}
          >
            <span className="welcome-mark" aria-hidden="true">
              {step.isDone ? '✓' : index + 1}
            </span>
            <div className="flex-grow-1">
              <h2 className="h6 mb-1">
                {step.title}
                <span className="visually-hidden">{step.isDone ? t('welcome.stepDone') : t('welcome.stepToDo')}</span>
              </h2>
              <p className="small text-body-secondary mb-0">{step.text}</p>
            </div>
            {step.needsPaymentHub && !paymentHubActive ? (
              <span className="small text-body-secondary text-nowrap" data-testid={`welcome-waiting-${step.key}`}>
                {t('welcome.waitingForHub')}
              </span>
            ) : (
              <Link
                to={step.path}
                className={`btn btn-sm ${step.isDone ? 'btn-outline-secondary' : 'btn-primary'}`}
                data-testid={`welcome-link-${step.key}`}
              >
                {step.isDone ? t('welcome.review') : step.action}
              </Link>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
