import { ROLE } from '@kassa/contract/access';
import { and, asc, eq, getTableColumns, inArray, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { type CarriedWrite, runWrite } from '../../db/fixed-statement.ts';
import { checkoutSessions, invoices, merchants, notifications, transactions, users } from '../../db/schema.ts';

type TransactionRow = typeof transactions.$inferSelect;

/**
 * Queues the e-mails a captured payment produces: one to each merchant owner or staff member who
 * keeps notifications on, and a receipt to the buyer when the merchant sends receipts (a Virtual
 * Terminal payment only when its "E-mail a receipt" box was ticked: a typed e-mail alone is not a
 * request). The unique index on (transaction, kind, recipient) makes a second call a no-op, so a
 * payment is announced at most once.
 */
export async function queuePaymentNotifications(db: DbOrTx, tx: TransactionRow) {
  await runWrite(db, paymentNotificationsWrite(tx));
}

/** The same, to be sent alongside another write (settling a payment): one statement. */
export function paymentNotificationsWrite(
  tx: Pick<TransactionRow, 'id' | 'merchantId' | 'buyerEmail' | 'source' | 'checkoutSessionId'>,
): CarriedWrite<{
  merchantId: string;
  transactionId: string;
  buyer: string | null;
  /** The Virtual Terminal session whose box decides the receipt; null for any other payment. */
  terminalSession: string | null;
}> {
  const isTerminal = tx.source === 'virtual_terminal';
  return {
    values: {
      merchantId: tx.merchantId,
      transactionId: tx.id,
      buyer: tx.buyerEmail ? tx.buyerEmail.toLowerCase() : null,
      terminalSession: isTerminal ? (tx.checkoutSessionId ?? NO_SESSION) : null,
    },
    build: (_db, v) => recipientsInsert(v.merchantId, v.transactionId, v.buyer, v.terminalSession),
  };
}

/** A terminal payment without its session (none exists) matches no session, so gets no receipt. */
const NO_SESSION = '00000000-0000-0000-0000-000000000000';

// The recipients are read by the insert itself.
const recipientsInsert = (
  merchantId: string,
  transactionId: string,
  buyer: string | null,
  terminalSession: string | null,
) => sql`
    insert into ${notifications} (id, merchant_id, transaction_id, kind, recipient)
    select gen_random_uuid(), ${merchantId}::uuid, ${transactionId}::uuid, 'merchant_payment', lower(${users.email})
      from ${users}
     where ${and(
       eq(users.merchantId, merchantId),
       inArray(users.role, [ROLE.MERCHANT_OWNER, ROLE.MERCHANT_STAFF]),
       eq(users.isActive, true),
       eq(users.sendNotification, true),
     )}
    union all
    select gen_random_uuid(), ${merchantId}::uuid, ${transactionId}::uuid, 'buyer_receipt', ${buyer}::text
     where ${buyer}::text is not null
       and exists (select 1 from ${merchants} where ${merchants.id} = ${merchantId}::uuid and ${merchants.emailReceipts})
       and (${terminalSession}::uuid is null or exists (
             select 1 from ${checkoutSessions}
              where ${checkoutSessions.id} = ${terminalSession}::uuid
                and ${checkoutSessions.metadata}->>'email_receipt' = 'true'))
    on conflict do nothing`;

/** Queues an invoice's e-mail to its customer; the partial unique index makes a second one a no-op. */
export async function insertInvoiceMail(
  db: DbOrTx,
  mail: { merchantId: string; invoiceId: string; recipient: string },
) {
  await db
    .insert(notifications)
    .values({ ...mail, recipient: mail.recipient.toLowerCase(), kind: 'invoice_sent' })
    .onConflictDoNothing();
}

/**
 * Queues a refund's receipt to the buyer, in the transaction that records the refund as made, when
 * the payment has a buyer e-mail and the merchant sends receipts. One per refund: its unique index.
 */
export async function queueRefundReceipt(db: DbOrTx, refund: { id: string; transactionId: string }) {
  await db.execute(sql`
    insert into ${notifications} (id, merchant_id, transaction_id, refund_id, kind, recipient)
    select gen_random_uuid(), ${transactions.merchantId}, ${transactions.id}, ${refund.id}::uuid,
           'buyer_refund_receipt', lower(${transactions.buyerEmail})
      from ${transactions}
      join ${merchants} on ${merchants.id} = ${transactions.merchantId}
     where ${transactions.id} = ${refund.transactionId}::uuid
       and ${transactions.buyerEmail} <> ''
       and ${merchants.emailReceipts}
    on conflict do nothing`);
}

/**
 * The e-mail asking a customer to pay themselves a merchant-initiated charge their bank declined for
 * want of authentication, to go out with the decline: the unique index makes it one per payment.
 */
export function buyerAuthenticationWrite(
  tx: Pick<TransactionRow, 'id' | 'merchantId' | 'buyerEmail'>,
): CarriedWrite<{ merchantId: string; transactionId: string; recipient: string }> {
  return {
    values: { merchantId: tx.merchantId, transactionId: tx.id, recipient: tx.buyerEmail.toLowerCase() },
    build: (db, v) =>
      db
        .insert(notifications)
        .values({ ...v, id: sql`gen_random_uuid()`, kind: 'buyer_authentication' })
        .onConflictDoNothing(),
  };
}

/**
 * Claims up to `limit` queued notifications for this worker ('sending', claimed at `now`); SKIP LOCKED
 * lets several API processes share the queue. A claim older than `staleBefore` belonged to a process
 * that died (or stalled) before it marked those mails sent: they are claimed again. The claims of the
 * mails not yet mailed are renewed once they are half a lease old (`renewNotificationClaims`), and each
 * mail is marked sent once the mailer took it (`markSendingNotificationSent`), so a crash loses no mail;
 * the one a killed process may have handed over unmarked goes again under the same Message-ID
 * (docs/decisions/0001-transactional-outbox.md).
 */
export async function claimQueuedNotifications(db: DbOrTx, limit: number, now: Date, staleBefore: Date) {
  return db.transaction(async (inner) => {
    const batch = await inner
      .select({ id: notifications.id })
      .from(notifications)
      .where(
        or(
          eq(notifications.status, 'queued'),
          and(eq(notifications.status, 'sending'), lt(notifications.sentAt, staleBefore)),
        ),
      )
      .orderBy(asc(notifications.createdAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (batch.length === 0) return [];
    return inner
      .update(notifications)
      .set({ status: 'sending', sentAt: now })
      .where(
        inArray(
          notifications.id,
          batch.map((b) => b.id),
        ),
      )
      .returning();
  });
}

/** The claim on a mail (or mails) as this worker holds it: still 'sending', claimed (or renewed) at `heldSince`. */
const heldClaim = (id: string | string[], heldSince: Date) =>
  and(
    Array.isArray(id) ? inArray(notifications.id, id) : eq(notifications.id, id),
    eq(notifications.status, 'sending'),
    eq(notifications.sentAt, heldSince),
  );

/**
 * Renews, in one statement, the claims this worker still holds (since `heldSince`) on these mails: it
 * holds them from `now`, so the lease covers the rest of its batch however long the mails before took.
 * Returns the ids still held; a mail missing from it went stale and another process took it over.
 */
export async function renewNotificationClaims(db: DbOrTx, ids: string[], heldSince: Date, now: Date) {
  const rows = await db
    .update(notifications)
    .set({ sentAt: now })
    .where(heldClaim(ids, heldSince))
    .returning({ id: notifications.id });
  return new Set(rows.map((r) => r.id));
}

/** Whether this worker still held the claim (since `heldSince`) and has now marked the mail sent. */
export async function markSendingNotificationSent(db: DbOrTx, id: string, heldSince: Date, now: Date) {
  const rows = await db
    .update(notifications)
    .set({ status: 'sent', sentAt: now })
    .where(heldClaim(id, heldSince))
    .returning({ id: notifications.id });
  return rows.length === 1;
}

/** Claimed mails that were not sent after all go back to the queue for the next tick. */
export async function requeueNotifications(db: DbOrTx, ids: string[]) {
  await db.update(notifications).set({ status: 'queued', sentAt: null }).where(inArray(notifications.id, ids));
}

/** A mail the mailer refused, while this worker still held its claim (since `heldSince`). */
export async function markNotificationFailed(db: DbOrTx, id: string, heldSince: Date) {
  await db.update(notifications).set({ status: 'failed' }).where(heldClaim(id, heldSince));
}

/** What the payment e-mails of a batch say, read in one statement: keyed by transaction id. */
export async function findPaymentsForMail(db: DbOrTx, transactionIds: string[]) {
  const rows = await db
    // The whole row: a receipt's PDF is drawn from it without reading the payment again.
    .select({
      ...getTableColumns(transactions),
      merchantName: merchants.name,
      // A part of an invoice: the mails say what the invoice still owes (docs/product-rules.md#partial-payments).
      invoiceTotal: invoices.totalAmount,
      invoicePaid: invoices.amountPaid,
    })
    .from(transactions)
    .innerJoin(merchants, eq(merchants.id, transactions.merchantId))
    .leftJoin(invoices, eq(invoices.id, transactions.invoiceId))
    .where(inArray(transactions.id, [...new Set(transactionIds)]));
  return new Map(rows.map((row) => [row.id, row]));
}

export async function findTransactionForNotification(db: DbOrTx, id: string) {
  const [row] = await db.select().from(transactions).where(eq(transactions.id, id)).limit(1);
  return row;
}

/** The profile language of each user among these addresses (lower-cased), for the merchant's own e-mails. */
export async function findUserLocales(db: DbOrTx, emails: string[]): Promise<Map<string, string | null>> {
  const wanted = [...new Set(emails.map((e) => e.toLowerCase()))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ email: users.email, locale: users.locale })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, wanted));
  return new Map(rows.map((r) => [r.email.toLowerCase(), r.locale]));
}
