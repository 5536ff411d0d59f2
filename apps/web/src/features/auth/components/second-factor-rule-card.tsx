// The switch that requires an authenticator app or a passkey of a group of people: every admin (on
// the Admin users page) or every user of the merchant (on the Users page, for its owner). Turning it
// on is confirmed first: whoever has neither is sent to set one up before anything else.
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { confirmedAction } from '../../../lib/confirmed-action.ts';
import { type RulePath, saveSecondFactorRule, useSecondFactorRule } from '../api/second-factor-rules-api.ts';

export function SecondFactorRuleCard({ path, who }: { path: RulePath; who: string }) {
  const { data, error, mutate } = useSecondFactorRule(path);
  const on = data?.require_second_factor ?? false;

  const toggle = () =>
    confirmedAction({
      confirm: on
        ? {
            title: 'Stop requiring a second factor?',
            text: `${who} may sign in with a password and an e-mailed code again.`,
            confirmButtonText: 'Yes, stop requiring it',
            cancelButtonText: 'No, keep it',
          }
        : {
            title: 'Require a second factor?',
            text: `${who} without an authenticator app or a passkey will have to set one up before they can do anything else, you included.`,
            icon: 'question',
            confirmButtonText: 'Yes, require it',
            cancelButtonText: 'No, return',
          },
      run: () => saveSecondFactorRule(path, !on),
      done: on ? 'A second factor is no longer required.' : 'A second factor is now required.',
      after: mutate,
    });

  return (
    <Card className="form-card mb-4" data-testid="second-factor-rule">
      <Card.Body>
        <h2 className="h5">Second factor</h2>
        {error ? (
          <p className="text-danger mb-0">Could not load this setting. Reload the page to try again.</p>
        ) : !data ? (
          <p className="text-muted mb-0">Loading…</p>
        ) : (
          <Form.Check
            type="switch"
            id={`second-factor-rule-${path}`}
            checked={on}
            onChange={() => void toggle()}
            label={`Require an authenticator app or a passkey of ${who.toLowerCase()}`}
            data-testid="second-factor-rule-switch"
          />
        )}
      </Card.Body>
    </Card>
  );
}
