// Every e-mail goes out in its reader's language (docs/i18n.md): a user's in their profile language, a
// customer's in the language the merchant set on the customer, a buyer's in the one of their checkout;
// English, unchanged, for everyone else.
import { ROLE } from '@kassa/contract/access';
import { OTP_TTL_MINUTES } from '@kassa/contract/auth';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createTransaction } from '../../../test/factories/transactions.ts';
import { createUser } from '../../../test/factories/users.ts';
import { buildTestApp } from '../../../test/helper.ts';
import { createSignedInUser, lastOtpCode } from '../../../test/session.ts';
import { apiCaller, signInMerchantTeam } from '../../../test/support/merchant-team.ts';
import { notifications, users } from '../../db/schema.ts';
import { settleDetachedWork } from '../../lib/detached-work.ts';
import { deliverQueueBacklog } from './notifications.worker.ts';

const t = await buildTestApp();
afterAll(() => t.close());
const call = apiCaller(t);
const team = await signInMerchantTeam(t, {
  merchant: { name: 'Weber Räder' },
  subUserAccess: {},
  inactiveHubStatus: 2,
});
const { owner, merchantId } = team;

const speaks = (email: string, locale: 'de' | 'fr' | 'es') =>
  t.ctx.db.update(users).set({ locale }).where(eq(users.email, email.toLowerCase()));
const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/apiv1/auth/login/', payload: { email, password } });
const mailTo = (email: string) => {
  const mail = t.mail.lastTo(email);
  if (!mail) throw new Error(`nothing was mailed to ${email}`);
  return mail;
};

describe("a user's e-mails", () => {
  it('sign-in code: German for a German user, English as before for one who chose no language', async () => {
    const german = await createUser(t.ctx.db, { role: ROLE.PLATFORM_ADMIN, firstName: 'Jonas' });
    await speaks(german.email, 'de');
    expect((await login(german.email, german.password)).statusCode).toBe(200);
    const code = lastOtpCode(t.mail, german.email);
    const mail = mailTo(german.email);
    expect(mail.subject).toBe(`${code} ist Ihr Kassa-Anmeldecode`);
    expect(mail.text).toContain('Hallo Jonas,');
    expect(mail.text).toContain(`Ihr Kassa-Anmeldecode lautet ${code}.`);
    expect(mail.html).toContain(`Ihr Kassa-Anmeldecode lautet ${code}.`);

    const english = await createUser(t.ctx.db, { role: ROLE.PLATFORM_ADMIN, firstName: 'Ada' });
    expect((await login(english.email, english.password)).statusCode).toBe(200);
    const enCode = lastOtpCode(t.mail, english.email);
    const enMail = mailTo(english.email);
    expect(enMail.subject).toBe(`${enCode} is your Kassa sign-in code`);
    expect(enMail.text).toBe(
      [
        'Hello Ada,',
        '',
        `Your Kassa sign-in code is ${enCode}.`,
        `It is valid for ${OTP_TTL_MINUTES} minutes and can be used once.`,
        '',
        'If you did not try to sign in, change your password: someone knows it.',
      ].join('\n'),
    );
  });

  it('password reset: German subject and body with the link, English unchanged', async () => {
    const german = await createUser(t.ctx.db, { role: ROLE.PLATFORM_ADMIN, firstName: 'Jonas' });
    await speaks(german.email, 'de');
    const english = await createUser(t.ctx.db, { role: ROLE.PLATFORM_ADMIN, firstName: 'Ada' });
    for (const email of [german.email, english.email]) {
      const res = await t.app.inject({ method: 'POST', url: '/apiv1/auth/forgot-password/', payload: { email } });
      expect(res.statusCode).toBe(200);
    }
    await settleDetachedWork();
    const de = mailTo(german.email);
    expect(de.subject).toBe('Setzen Sie Ihr Kassa-Passwort zurück');
    expect(de.text).toContain('Jemand hat angefordert, das Passwort Ihres Kassa-Kontos zurückzusetzen.');
    expect(de.text).toMatch(/\nhttp:\/\/kassa\.test\/reset-password\?token=\S+\n/);
    expect(de.html).toContain('>Neues Passwort wählen</a>');
    const en = mailTo(english.email);
    expect(en.subject).toBe('Reset your Kassa password');
    expect(en.text).toMatch(
      /^Hello Ada,\n\nSomeone asked to reset the password of your Kassa account\. To choose a new one, open:\nhttp:\/\/kassa\.test\/reset-password\?token=\S+\n\nThe link works once and expires in 1 hour\. If you did not ask for it, ignore this e-mail\.$/,
    );
  });

  it('security notice: signing out the other devices is told in German, with the count', async () => {
    const german = await createSignedInUser(t, { role: ROLE.PLATFORM_ADMIN, firstName: 'Jonas' });
    await speaks(german.account.email, 'de');
    // A second session, so there is another device to sign out.
    const challenge = await login(german.account.email, german.account.password);
    const second = await t.app.inject({
      method: 'POST',
      url: '/apiv1/auth/verify-otp/',
      payload: { otp_token: challenge.json().result.otp_token, code: lastOtpCode(t.mail, german.account.email) },
    });
    expect(second.statusCode, second.body).toBe(200);
    const res = await call(german, 'POST', '/auth/sessions/sign-out-others/');
    expect(res.statusCode, res.body).toBe(200);
    const signedOut = res.json().result.signed_out as number;
    expect(signedOut).toBeGreaterThan(0);
    const mail = mailTo(german.account.email);
    expect(mail.subject).toBe('Ihr Kassa-Konto wurde auf anderen Geräten abgemeldet');
    expect(mail.text).toContain(
      signedOut === 1
        ? 'Ihr Konto wurde auf 1 anderen Gerät abgemeldet.'
        : `Ihr Konto wurde auf ${signedOut} anderen Geräten abgemeldet.`,
    );
    expect(mail.text).toContain('Wenn Sie das nicht waren, ändern Sie jetzt Ihr Passwort');
  });
});

describe("a customer's e-mails", () => {
  const createCustomer = async (body: object) => {
    const res = await call(owner, 'POST', '/customer/', { mode: 'test', ...body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().result as { id: string; locale: string | null };
  };

  it('keeps the language set on the customer, and refuses one Kassa does not speak', async () => {
    const customer = await createCustomer({ name: 'Jonas Weber', email: 'jonas@weber.test', locale: 'de' });
    expect(customer.locale).toBe('de');
    const patched = await call(owner, 'PATCH', `/customer/${customer.id}/`, { locale: 'fr' });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().result.locale).toBe('fr');
    const cleared = await call(owner, 'PATCH', `/customer/${customer.id}/`, { locale: null });
    expect(cleared.json().result.locale).toBeNull();
    const bad = await call(owner, 'PATCH', `/customer/${customer.id}/`, { locale: 'xx' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('invalid_input');
    expect((await createCustomer({ name: 'No language' })).locale).toBeNull();
  });

  it('portal sign-in link: German for a German customer, English for one without a language', async () => {
    const german = await createCustomer({ name: 'Jonas Weber', email: 'jonas.portal@weber.test', locale: 'de' });
    const english = await createCustomer({ name: 'Ada Lovelace', email: 'ada.portal@example.test' });
    for (const c of [german, english]) {
      const res = await call(owner, 'POST', `/customer/${c.id}/portal-link/`, { send_email: true });
      expect(res.statusCode, res.body).toBe(200);
    }
    const de = mailTo('jonas.portal@weber.test');
    expect(de.subject).toBe('Melden Sie sich bei Ihrem Kundenkonto von Weber Räder an');
    expect(de.text).toContain('Hallo Jonas Weber,');
    expect(de.text).toMatch(/Rechnungen und Karten bei Weber Räder zu sehen: http:\/\/kassa\.test\/\S+/);
    expect(de.text).toContain('Der Link funktioniert einmal, 30 Minuten lang.');
    const en = mailTo('ada.portal@example.test');
    expect(en.subject).toBe('Sign in to your Weber Räder billing');
    expect(en.text).toMatch(
      /^Hello Ada Lovelace,\n\nSign in to see your subscriptions, invoices and cards with Weber Räder: http:\/\/kassa\.test\/\S+\n\nThe link works once, for 30 minutes\. If you did not ask for it, ignore this e-mail\.\n$/,
    );
  });

  it('add-card link: German for a German customer', async () => {
    const german = await createCustomer({ name: 'Jonas Weber', email: 'jonas.card@weber.test', locale: 'de' });
    const res = await call(owner, 'POST', `/customer/${german.id}/payment-method/replace-link/`, {});
    expect(res.statusCode, res.body).toBe(200);
    const mail = mailTo('jonas.card@weber.test');
    expect(mail.subject).toBe('Aktualisieren Sie Ihre Karte für Weber Räder');
    expect(mail.text).toContain('Weber Räder bittet Sie, eine Karte hinzuzufügen.');
    expect(mail.text).toMatch(/der Link ist 7 Tage gültig\): http:\/\/kassa\.test\/\S+/);
  });

  it('invoice: German subject, body, money and due date for a German customer; English unchanged', async () => {
    const german = await createCustomer({ name: 'Jonas Weber', email: 'jonas.invoice@weber.test', locale: 'de' });
    const invoice = (over: object) =>
      call(owner, 'POST', '/invoice/', {
        customer_first_name: 'Jonas',
        customer_last_name: 'Weber',
        customer_email: 'jonas.invoice@weber.test',
        invoice_number: `DE-${Math.floor(Math.random() * 1e9)}`,
        due_date: '2030-01-31',
        currency: 'EUR',
        items: [{ item_type: 2, item_name: 'Inspektion', quantity: 1, price: 12_345 }],
        send: true,
        ...over,
      });
    const de = await invoice({ customer_id: german.id });
    expect(de.statusCode, de.body).toBe(201);
    const number = de.json().result.invoice_number;
    const mail = mailTo('jonas.invoice@weber.test');
    expect(mail.subject).toBe(`Rechnung ${number} von Weber Räder`);
    expect(mail.text.replace(/\u00a0/g, ' ')).toContain(
      `Weber Räder hat Ihnen die Rechnung ${number} über 123,45 € gesendet, fällig am 31.01.2030.`,
    );
    expect(mail.html).toContain('>Hier ansehen und bezahlen</a>');
    expect(mail.attachments?.[0]?.filename).toBe(`invoice-${number}.pdf`);

    const en = await invoice({ customer_email: 'ada.invoice@example.test', customer_first_name: 'Ada' });
    expect(en.statusCode, en.body).toBe(201);
    const enMail = mailTo('ada.invoice@example.test');
    expect(enMail.subject).toBe(`Invoice ${en.json().result.invoice_number} from Weber Räder`);
    expect(enMail.text).toContain(
      `Weber Räder sent you invoice ${en.json().result.invoice_number} for €123.45, due Jan 31, 2030.`,
    );
    expect(enMail.text).toContain('View and pay it here: http://kassa.test/');
  });
});

describe("the merchant's and the buyer's payment e-mails", () => {
  it("new payment and dispute: in the owner's language; the buyer's confirm-your-payment in the buyer's", async () => {
    const germanOwner = await createUser(t.ctx.db, { role: ROLE.MERCHANT_OWNER, merchantId });
    await speaks(germanOwner.email, 'de');
    const payment = await createTransaction(t.ctx.db, merchantId, {
      amount: 4_200,
      currency: 'EUR',
      description: 'Fahrradhelm',
      buyerEmail: 'kunde@example.de',
      buyerLocale: 'de',
    });
    await t.ctx.db.insert(notifications).values([
      { merchantId, transactionId: payment.id, kind: 'merchant_payment', recipient: germanOwner.email },
      { merchantId, transactionId: payment.id, kind: 'merchant_payment', recipient: owner.user.email },
      { merchantId, transactionId: payment.id, kind: 'merchant_dispute', recipient: germanOwner.email },
      { merchantId, transactionId: payment.id, kind: 'buyer_authentication', recipient: 'kunde@example.de' },
    ]);
    await deliverQueueBacklog(t.ctx);
    const toGerman = t.mail.sent.filter((m) => m.to === germanOwner.email);
    const nbsp = (s: string) => s.replace(/\u00a0/g, ' ');
    const newPayment = toGerman.find((m) => m.subject.startsWith('Neue Zahlung'));
    expect(nbsp(newPayment!.subject)).toBe('Neue Zahlung: 42,00 € von Ada Lovelace');
    expect(newPayment!.text).toContain('Weber Räder hat eine Zahlung erhalten.');
    expect(newPayment!.text).toContain('Käufer: Ada Lovelace <kunde@example.de>');
    const dispute = toGerman.find((m) => m.subject.startsWith('Anfechtung'));
    expect(nbsp(dispute!.subject)).toBe('Anfechtung eröffnet: Zahlung über 42,00 € von Ada Lovelace');
    expect(dispute!.text).toContain('Die Bank des Käufers hat eine Zahlung an Weber Räder angefochten');

    const english = t.mail.sent.find((m) => m.to === owner.user.email && m.subject.startsWith('New payment'));
    expect(english!.subject).toBe('New payment: €42.00 from Ada Lovelace');
    expect(english!.text).toContain('Weber Räder received a payment.');

    const buyer = mailTo('kunde@example.de');
    expect(buyer.subject).toBe('Bestätigen Sie Ihre Zahlung an Weber Räder');
    expect(nbsp(buyer.text)).toContain('Betrag: 42,00 €');
    expect(buyer.text).toContain('Der Link ist 7 Tage gültig.');
    expect(buyer.html).toContain('>Bestätigen und bezahlen</a>');
  });
});
