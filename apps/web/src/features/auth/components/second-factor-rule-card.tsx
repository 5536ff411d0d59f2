// The switch that requires an authenticator app or a passkey of a group of people: every admin (on
// the Admin users page) or every user of the merchant (on the Users page, for its owner). Turning it
// on is confirmed first: whoever has neither is sent to set one up before anything else.
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { confirmedAction } from '../../../lib/confirmed-action.ts';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';
import {
  ADMIN_RULE_PATH,
  type RulePath,
  saveSecondFactorRule,
  useSecondFactorRule,
} from '../api/second-factor-rules-api.ts';

/** The texts that name the group: whole sentences per group, since languages inflect the group differently. */
const GROUP_TEXTS = {
  admins: {
    switch: 'auth.rule.admins.switch',
    stop: 'auth.rule.admins.stopText',
    start: 'auth.rule.admins.startText',
  },
  merchant: {
    switch: 'auth.rule.merchant.switch',
    stop: 'auth.rule.merchant.stopText',
    start: 'auth.rule.merchant.startText',
  },
} as const;

export function SecondFactorRuleCard({ path }: { path: RulePath }) {
  const { t } = usePortalI18n();
  const { data, error, mutate } = useSecondFactorRule(path);
  const on = data?.require_second_factor ?? false;
  const texts = GROUP_TEXTS[path === ADMIN_RULE_PATH ? 'admins' : 'merchant'];

  const toggle = () =>
    confirmedAction({
      confirm: on
        ? {
            title: t('auth.rule.stopTitle'),
            text: t(texts.stop),
            confirmButtonText: t('auth.rule.stopConfirm'),
            cancelButtonText: t('auth.keepIt'),
          }
        : {
            title: t('auth.rule.startTitle'),
            text: t(texts.start),
            icon: 'question',
            confirmButtonText: t('auth.rule.startConfirm'),
            cancelButtonText: t('auth.rule.startCancel'),
          },
      run: () => saveSecondFactorRule(path, !on),
      done: on ? t('auth.rule.stopped') : t('auth.rule.started'),
      after: mutate,
    });

  return (
    <Card className="form-card mb-4" data-testid="second-factor-rule">
      <Card.Body>
        <h2 className="h5">{t('auth.rule.title')}</h2>
        {error ? (
          <p className="text-danger mb-0">{t('auth.rule.loadFailed')}</p>
        ) : !data ? (
          <p className="text-muted mb-0">{t('auth.loading')}</p>
        ) : (
          <Form.Check
            type="switch"
            id={`second-factor-rule-${path}`}
            checked={on}
            onChange={() => void toggle()}
            label={t(texts.switch)}
            data-testid="second-factor-rule-switch"
          />
        )}
      </Card.Body>
    </Card>
  );
}
