// A sub-user's access per app (docs/ARCHITECTURE.md: apps × codes 1 view, 2 create, 3 edit, 4 delete).
// Create, edit and delete need view (the server refuses them without it), so ticking one ticks view
// and clearing view clears the rest.
import { ACCESS, APPS } from '@kassa/contract/access';
import type { AccessPut } from '@kassa/contract/auth';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';

export type AccessMatrixValue = Record<number, number[]>;

const CODES = [
  { code: ACCESS.VIEW, label: 'View' },
  { code: ACCESS.CREATE, label: 'Create' },
  { code: ACCESS.EDIT, label: 'Edit' },
  { code: ACCESS.DELETE, label: 'Delete' },
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
  return (
    <div className="table-responsive">
      <Table size="sm" className="align-middle mb-0" data-testid="access-matrix">
        <thead>
          <tr>
            <th>App</th>
            {CODES.map(({ label }) => (
              <th key={label} className="text-center">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {APPS.map((app) => (
            <tr key={app.key}>
              <th scope="row" className="fw-normal">
                {app.name}
              </th>
              {CODES.map(({ code, label }) => (
                <td key={code} className="text-center">
                  <Form.Check
                    className="d-inline-block"
                    type="checkbox"
                    id={`access-${app.key}-${code}`}
                    aria-label={`${app.name}: ${label}`}
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
