import { describe, expect, it } from 'vitest';
import { demoAccountsTable, KEPT_PASSWORD } from './demo-accounts-table.ts';
import { DEMO_PASSWORD } from './demo-catalog.ts';

const account = (email: string, role: number, created: boolean) => ({
  email,
  role,
  merchant: role === 1 ? '—' : 'Acme Coffee',
  note: 'full access',
  created,
});

describe('the accounts table npm run demo prints', () => {
  it('shows the demo password only for accounts it created, and says plainly what works for the others', () => {
    const table = demoAccountsTable([account('admin@kassa.example', 1, false), account('owner@acme.example', 2, true)]);
    const [adminLine] = table.split('\n').filter((l) => l.includes('admin@kassa.example'));
    const [ownerLine] = table.split('\n').filter((l) => l.includes('owner@acme.example'));
    expect(adminLine).not.toContain(DEMO_PASSWORD);
    expect(adminLine).toContain(KEPT_PASSWORD);
    expect(ownerLine).toContain(DEMO_PASSWORD);
    expect(table).toContain(`keeps the password it had; ${DEMO_PASSWORD} does not work for it`);
  });

  it('says nothing about kept passwords when every account is new', () => {
    const table = demoAccountsTable([account('owner@acme.example', 2, true)]);
    expect(table).not.toContain(KEPT_PASSWORD);
    expect(table).toContain('2 owner');
  });
});
