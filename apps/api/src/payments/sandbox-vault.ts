// The sandbox processor's own vault (sandbox-processor.ts): its table, as a real processor keeps saved
// cards on its side. Kassa's saved_cards rows point at these tokens the way they point at Stripe's pm_….
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { fixedStatement } from '../db/fixed-statement.ts';
import { sandboxVaultCards } from '../db/schema.ts';
import type { SandboxCardBehaviour, SandboxVault, SandboxVaultCard } from './sandbox-processor.ts';

const cardOf = (row: typeof sandboxVaultCards.$inferSelect): SandboxVaultCard => ({
  ...row,
  behaviour: row.behaviour as SandboxCardBehaviour,
});

/** Every saved-card charge reads its token here: built once, then only bound (db/fixed-statement.ts). */
const findByToken = fixedStatement('sandbox_vault_card', (db, v: { card: { token: string } }) =>
  db.select().from(sandboxVaultCards).where(eq(sandboxVaultCards.token, v.card.token)),
);

export function createSandboxVault(db: DbOrTx): SandboxVault {
  return {
    async put(card) {
      await db.insert(sandboxVaultCards).values(card);
    },
    async find(token) {
      const [row] = await findByToken(db, 'by_token', { card: { token } });
      return row && cardOf(row);
    },
    async findByPayment(paymentReference) {
      const [row] = await db
        .select()
        .from(sandboxVaultCards)
        .where(eq(sandboxVaultCards.paymentReference, paymentReference));
      return row && cardOf(row);
    },
    async confirm(token, at) {
      await db.update(sandboxVaultCards).set({ confirmedAt: at }).where(eq(sandboxVaultCards.token, token));
    },
    async remove(token, at) {
      await db.update(sandboxVaultCards).set({ removedAt: at }).where(eq(sandboxVaultCards.token, token));
    },
    async listOf(customerRef) {
      const rows = await db
        .select()
        .from(sandboxVaultCards)
        .where(
          and(
            eq(sandboxVaultCards.customerRef, customerRef),
            isNotNull(sandboxVaultCards.confirmedAt),
            isNull(sandboxVaultCards.removedAt),
          ),
        );
      return rows.map(cardOf);
    },
  };
}
