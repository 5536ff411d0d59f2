import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper.ts';
import { signIn } from '../../../test/session.ts';
import { ensureFirstAdmin } from './first-admin.service.ts';

const t = await buildTestApp();
afterAll(() => t.close());

describe('ensureFirstAdmin', () => {
  it('creates a platform admin with a generated password once, who can sign in', async () => {
    const created = await ensureFirstAdmin(t.ctx.db, 'Admin@Kassa.local');
    expect(created).toMatchObject({ email: 'admin@kassa.local', generated: true });
    expect(created?.password).toMatch(/^Kassa-[\w-]{12}$/);
    const session = await signIn(t, 'admin@kassa.local', created?.password ?? '');
    expect(session.user).toMatchObject({ role: 1, first_name: 'Platform', last_name: 'Admin', merchant: null });
    expect(await ensureFirstAdmin(t.ctx.db, 'other@kassa.local', 'Another-secret-1')).toBeNull();
  });
});
