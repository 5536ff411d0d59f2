// A sub-user's access per app (docs/ARCHITECTURE.md: apps × codes 1 view, 2 create, 3 edit, 4 delete).
// Create, edit and delete need view (the server refuses them without it), so ticking one ticks view
// and clearing view clears the rest.
import { ACCESS, APPS } from '@kassa/contract/access';
import type { AccessPut } from '@kassa/contract/auth';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { appLabel } from '../../../lib/portal-labels.ts';
import { usePortalI18n } from '../../../lib/use-portal-i18n.ts';

export type AccessMatrixValue = Record<number, number[]>;

const CODES = [
  { code: ACCESS.VIEW, key: 'users.access.view' },
  { code: ACCESS.CREATE, key: 'users.access.create' },
  { code: ACCESS.EDIT, key: 'users.access.edit' },
  { code: ACCESS.DELETE, key: 'users.access.delete' },
] as const;

export function toggleCode(value: AccessMatrixValue, appKey: number, code: number, on: boolean): AccessMatrixValue {
  const current = new Set(value[appKey] ?? []);
  if (on) {
    current.add(code);
    current.add(ACCESS.VIEW);
  } else if (code === ACCESS.VIEW) {
    current.clear();
  } else {
    current.delete(code);
  }
  return { ...value, [appKey]: [...current].sort((a, b) => a - b) };
}

/** The PUT /auth/access/{id}/ body: every app, in app order, with its codes. */
export const accessPutBody = (value: AccessMatrixValue): AccessPut => ({
  access: APPS.map((app) => ({ app_key: app.key, access: [...(value[app.key] ?? [])].sort((a, b) => a - b) })),
});

export function AccessMatrix({
  value,
  onChange,
  disabled,
  isGrantable = () => true,
}: {
  value: AccessMatrixValue;
  onChange: (value: AccessMatrixValue) => void;
  disabled?: boolean;
  /** Codes the user may hand out; the others stay unticked and locked (the server refuses them). */
  isGrantable?: (appKey: number, code: number) => boolean;
}) {
  const { t } = usePortalI18n();
  return (
    <div className="table-responsive">
      <Table size="sm" className="align-middle mb-0" data-testid="access-matrix">
        <thead>
          <tr>
            <th>{t('users.access.app')}</th>
            {CODES.map(({ key }) => (
              <th key={key} className="text-center">
                {t(key)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {APPS.map((app) => (
            <tr key={app.key}>
              <th scope="row" className="fw-normal">
                {appLabel(t, app.key)}
              </th>
              {CODES.map(({ code, key }) => (
                <td key={code} className="text-center">
                  <Form.Check
                    className="d-inline-block"
                    type="checkbox"
                    id={`access-${app.key}-${code}`}
                    aria-label={t('users.access.cell', { app: appLabel(t, app.key), code: t(key) })}
                    checked={(value[app.key] ?? []).includes(code)}
                    onChange={(event) => onChange(toggleCode(value, app.key, code, event.target.checked))}
                    disabled={disabled || !isGrantable(app.key, code)}
                    data-testid={`access-${app.key}-${code}`}
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </Table>
    </div>
  );
}
