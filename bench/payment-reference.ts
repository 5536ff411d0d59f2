// The fixed reference of the payment bench: the SQL one product payment (checkout token + charge
// with a sandbox card, an Idempotency-Key, a merchant whose owner and one staff member get payment
// e-mails) sent before the payment path was made fast, captured at the driver by
// bench/support/sql-capture.ts and frozen here. Never regenerate it: it is the yardstick the payment
// bench measures Kassa against, and it stays the same when the payment's SQL changes.
// 23 statements in 5 commits: the checkout token (product, connections, session insert), the
// Idempotency-Key claim, recording the attempt (a transaction of 7), settling the answer (a
// transaction of 9, with the totals triggers, audit and 3 notification rows) and the stored answer.
// Placeholders ({{fix:…}}, {{row:…}}, {{new:…}}, {{at:…}}) are explained in support/sql-replay.ts.
import type { PaymentScript } from './support/sql-replay.ts';

export const REFERENCE_PAYMENT: PaymentScript = {
  source: 'Kassa before the payment path was made fast: 23 statements, 5 commits (PostgreSQL 15, Nov 2026)',
  statements: [
    {
      text: 'select "products"."id", "products"."merchant_id", "products"."name", "products"."description", "products"."price_per_unit", "products"."currency", "products"."image", "products"."message_type", "products"."message", "products"."comment", "products"."is_active", "products"."deleted_at", "products"."created_at", "products"."updated_at", "merchants"."id", "merchants"."name", "merchants"."logo", "merchants"."address", "merchants"."city", "merchants"."state", "merchants"."country", "merchants"."phone", "merchants"."is_blocked", "merchants"."removed_at", "merchants"."payment_hub_status", "master"."logo" from "products" inner join "merchants" on "merchants"."id" = "products"."merchant_id" left join "merchants" "master" on "master"."id" = "merchants"."master_merchant_id" where ("products"."id" = $1 and "products"."deleted_at" is null) limit $2',
      params: ['{{fix:product}}', 1],
      rowMode: 'array',
    },
    {
      text: 'select "kind", "provider", "id" from "provider_connections" where ("provider_connections"."merchant_id" = $1 and "provider_connections"."enabled" = $2)',
      params: ['{{fix:merchant}}', true],
      rowMode: 'array',
    },
    {
      text: 'insert into "checkout_sessions" ("id", "merchant_id", "kind", "product_id", "quick_payment_id", "invoice_id", "quantity", "amount", "currency", "country", "intent", "buyer_id", "metadata", "billing", "description", "status", "expires_at", "created_by", "created_at") values ($1, $2, $3, $4, default, default, $5, $6, $7, $8, $9, $10, $11, default, $12, default, $13, default, default) returning "id", "merchant_id", "kind", "product_id", "quick_payment_id", "invoice_id", "quantity", "amount", "currency", "country", "intent", "buyer_id", "metadata", "billing", "description", "status", "expires_at", "created_by", "created_at"',
      params: [
        '{{new:0}}',
        '{{fix:merchant}}',
        'product',
        '{{fix:product}}',
        1,
        12900,
        'USD',
        'US',
        'capture',
        '{{new:1}}',
        '{"product_id":"{{fix:product}}"}',
        'Trail Jacket',
        '{{at:1800004}}',
      ],
      rowMode: 'array',
    },
    {
      text: 'insert into "idempotency_keys" ("scope", "endpoint", "key", "request_hash", "state", "response_status", "response_body", "created_at", "expires_at") values ($1, $2, $3, $4, $5, default, default, default, $6) on conflict ("scope","endpoint","key") do update set "request_hash" = $7, "state" = $8, "response_status" = $9, "response_body" = $10, "created_at" = $11, "expires_at" = $12 where "idempotency_keys"."expires_at" <= $13 returning "key"',
      params: [
        'checkout:{{row:2:0.0}}',
        'pay/charge',
        'bench-{{new:2}}',
        'HeLAFxdwszJro284HTV2uMHo3YykWs_yEDKvaPkDIQo',
        'running',
        '{{at:60012}}',
        'HeLAFxdwszJro284HTV2uMHo3YykWs_yEDKvaPkDIQo',
        'running',
        null,
        null,
        '{{at:12}}',
        '{{at:60012}}',
        '{{at:12}}',
      ],
      rowMode: 'array',
    },
    {
      text: 'begin',
      params: [],
    },
    {
      text: 'select "id", "merchant_id", "invoice_number", "customer_first_name", "customer_last_name", "customer_email", "business_name", "due_date", "description", "comment", "currency", "status", "discount_bps", "shipping_bps", "tax_bps", "sub_total_amount", "discount_amount", "shipping_amount", "tax_amount", "total_amount", "payment_options", "sent_at", "viewed_at", "paid_at", "voided_at", "paid_transaction_id", "deleted_at", "created_by", "created_at", "updated_at" from "invoices" where "invoices"."id" = (select "checkout_sessions"."invoice_id" from "checkout_sessions" where "checkout_sessions"."id" = $1) for update',
      params: ['{{row:2:0.0}}'],
      rowMode: 'array',
    },
    {
      text: 'select "id", "merchant_id", "kind", "product_id", "quick_payment_id", "invoice_id", "quantity", "amount", "currency", "country", "intent", "buyer_id", "metadata", "billing", "description", "status", "expires_at", "created_by", "created_at" from "checkout_sessions" where "checkout_sessions"."id" = $1 for update',
      params: ['{{row:2:0.0}}'],
      rowMode: 'array',
    },
    {
      text: 'select "is_blocked", "removed_at", "payment_hub_status" from "merchants" where "merchants"."id" = $1 limit $2',
      params: ['{{fix:merchant}}', 1],
      rowMode: 'array',
    },
    {
      text: 'select "id", "merchant_id", "checkout_session_id", "source", "product_id", "quick_payment_id", "invoice_id", "amount", "currency", "captured_amount", "refunded_amount", "gift_card_amount", "method", "status", "intent", "provider", "provider_connection_id", "provider_reference", "mode", "approval_url", "card_brand", "card_last4", "card_exp_month", "card_exp_year", "card_fingerprint", "buyer_id", "buyer_first_name", "buyer_last_name", "buyer_email", "billing_address", "fraud_decision", "fraud_reasons", "failure_reason", "description", "notification_sent_at", "disputed_at", "created_at", "updated_at" from "transactions" where ("transactions"."checkout_session_id" = $1 and "transactions"."status" in ($2, $3)) order by "transactions"."id"',
      params: ['{{row:2:0.0}}', 'processing', 'buyer_approval_pending'],
      rowMode: 'array',
    },
    {
      text: 'select "id", "merchant_id", "kind", "provider", "credentials", "key_version", "enabled", "is_fallback", "status", "last_verified_at", "last_verification_message", "created_at", "updated_at" from "provider_connections" where ("provider_connections"."merchant_id" = $1 and "provider_connections"."enabled" = $2)',
      params: ['{{fix:merchant}}', true],
      rowMode: 'array',
    },
    {
      text: 'insert into "transactions" ("id", "merchant_id", "checkout_session_id", "source", "product_id", "quick_payment_id", "invoice_id", "amount", "currency", "captured_amount", "refunded_amount", "gift_card_amount", "method", "status", "intent", "provider", "provider_connection_id", "provider_reference", "mode", "approval_url", "card_brand", "card_last4", "card_exp_month", "card_exp_year", "card_fingerprint", "buyer_id", "buyer_first_name", "buyer_last_name", "buyer_email", "billing_address", "fraud_decision", "fraud_reasons", "failure_reason", "description", "notification_sent_at", "disputed_at", "created_at", "updated_at") values ($1, $2, $3, $4, $5, $6, $7, $8, $9, default, default, $10, $11, $12, $13, $14, $15, default, $16, default, $17, $18, $19, $20, $21, $22, $23, $24, $25, $26, $27, $28, default, $29, default, default, default, default) returning "id", "merchant_id", "checkout_session_id", "source", "product_id", "quick_payment_id", "invoice_id", "amount", "currency", "captured_amount", "refunded_amount", "gift_card_amount", "method", "status", "intent", "provider", "provider_connection_id", "provider_reference", "mode", "approval_url", "card_brand", "card_last4", "card_exp_month", "card_exp_year", "card_fingerprint", "buyer_id", "buyer_first_name", "buyer_last_name", "buyer_email", "billing_address", "fraud_decision", "fraud_reasons", "failure_reason", "description", "notification_sent_at", "disputed_at", "created_at", "updated_at"',
      params: [
        '{{new:3}}',
        '{{fix:merchant}}',
        '{{row:2:0.0}}',
        'product',
        '{{fix:product}}',
        null,
        null,
        12900,
        'USD',
        0,
        'card',
        'processing',
        'capture',
        'sandbox',
        null,
        'test',
        'visa',
        '4242',
        12,
        2034,
        'abe4fbb53f35722f0e107a5088d034e4955629aa0ed384433115d4619eaad459',
        '{{row:2:0.11}}',
        'Ada',
        'Lovelace',
        'ada@example.com',
        '{"line1":"1 Analytical Way","city":"Springfield","state":"IL","zipCode":"62701","postalCode":"","country":"US"}',
        null,
        null,
        'Trail Jacket',
      ],
      rowMode: 'array',
    },
    {
      text: 'insert into "transaction_events" ("id", "transaction_id", "type", "status", "amount", "message", "actor_user_id", "created_at") values ($1, $2, $3, $4, $5, default, default, default)',
      params: ['{{new:4}}', '{{row:10:0.0}}', 'created', 'processing', 12900],
    },
    {
      text: 'commit',
      params: [],
    },
    {
      text: 'begin',
      params: [],
    },
    {
      text: 'select "id" from "invoices" where "invoices"."id" = (select "transactions"."invoice_id" from "transactions" where "transactions"."id" = $1) for update',
      params: ['{{row:10:0.0}}'],
      rowMode: 'array',
    },
    {
      text: 'select "id" from "checkout_sessions" where "checkout_sessions"."id" = (select "transactions"."checkout_session_id" from "transactions" where "transactions"."id" = $1) for update',
      params: ['{{row:10:0.0}}'],
      rowMode: 'array',
    },
    {
      text: 'select "id", "merchant_id", "checkout_session_id", "source", "product_id", "quick_payment_id", "invoice_id", "amount", "currency", "captured_amount", "refunded_amount", "gift_card_amount", "method", "status", "intent", "provider", "provider_connection_id", "provider_reference", "mode", "approval_url", "card_brand", "card_last4", "card_exp_month", "card_exp_year", "card_fingerprint", "buyer_id", "buyer_first_name", "buyer_last_name", "buyer_email", "billing_address", "fraud_decision", "fraud_reasons", "failure_reason", "description", "notification_sent_at", "disputed_at", "created_at", "updated_at" from "transactions" where "transactions"."id" = $1 for update',
      params: ['{{row:10:0.0}}'],
      rowMode: 'array',
    },
    {
      text: 'update "transactions" set "captured_amount" = $1, "status" = $2, "provider_reference" = $3, "approval_url" = $4, "failure_reason" = $5, "updated_at" = now() where "transactions"."id" = $6 returning "id", "merchant_id", "checkout_session_id", "source", "product_id", "quick_payment_id", "invoice_id", "amount", "currency", "captured_amount", "refunded_amount", "gift_card_amount", "method", "status", "intent", "provider", "provider_connection_id", "provider_reference", "mode", "approval_url", "card_brand", "card_last4", "card_exp_month", "card_exp_year", "card_fingerprint", "buyer_id", "buyer_first_name", "buyer_last_name", "buyer_email", "billing_address", "fraud_decision", "fraud_reasons", "failure_reason", "description", "notification_sent_at", "disputed_at", "created_at", "updated_at"',
      params: [12900, 'capture_succeeded', 'sbx_pay_e8698a0209f4abfaccda39a8', null, null, '{{row:10:0.0}}'],
      rowMode: 'array',
    },
    {
      text: 'insert into "transaction_events" ("id", "transaction_id", "type", "status", "amount", "message", "actor_user_id", "created_at") values ($1, $2, $3, $4, $5, $6, default, default)',
      params: ['{{new:5}}', '{{row:10:0.0}}', 'captured', 'capture_succeeded', 12900, null],
    },
    {
      text: 'update "checkout_sessions" set "status" = $1 where "checkout_sessions"."id" = $2',
      params: ['completed', '{{row:2:0.0}}'],
    },
    {
      text: 'insert into "audit_log" ("id", "actor_user_id", "actor_role", "api_key_id", "merchant_id", "action", "entity_type", "entity_id", "amount", "currency", "data", "created_at") values ($1, default, default, default, $2, $3, $4, $5, $6, $7, $8, default)',
      params: [
        '{{new:6}}',
        '{{fix:merchant}}',
        'payment.captured',
        'transaction',
        '{{row:10:0.0}}',
        12900,
        'USD',
        '{"status":"capture_succeeded","method":"card"}',
      ],
    },
    {
      text: 'select "email" from "users" where ("users"."merchant_id" = $1 and "users"."role" in ($2, $3) and "users"."is_active" = $4 and "users"."send_notification" = $5)',
      params: ['{{fix:merchant}}', 2, 5, true, true],
      rowMode: 'array',
    },
    {
      text: 'insert into "notifications" ("id", "merchant_id", "transaction_id", "kind", "recipient", "status", "sent_at", "created_at") values ($1, $2, $3, $4, $5, default, default, default), ($6, $7, $8, $9, $10, default, default, default), ($11, $12, $13, $14, $15, default, default, default) on conflict do nothing',
      params: [
        '{{new:7}}',
        '{{fix:merchant}}',
        '{{row:10:0.0}}',
        'merchant_payment',
        'user-1-87f2bc20@example.test',
        '{{new:8}}',
        '{{fix:merchant}}',
        '{{row:10:0.0}}',
        'merchant_payment',
        'user-2-028e9411@example.test',
        '{{new:9}}',
        '{{fix:merchant}}',
        '{{row:10:0.0}}',
        'buyer_receipt',
        'ada@example.com',
      ],
    },
    {
      text: 'select "transactions"."id", "transactions"."merchant_id", "transactions"."checkout_session_id", "transactions"."source", "transactions"."product_id", "transactions"."quick_payment_id", "transactions"."invoice_id", "transactions"."amount", "transactions"."currency", "transactions"."captured_amount", "transactions"."refunded_amount", "transactions"."gift_card_amount", "transactions"."method", "transactions"."status", "transactions"."intent", "transactions"."provider", "transactions"."provider_connection_id", "transactions"."provider_reference", "transactions"."mode", "transactions"."approval_url", "transactions"."card_brand", "transactions"."card_last4", "transactions"."card_exp_month", "transactions"."card_exp_year", "transactions"."card_fingerprint", "transactions"."buyer_id", "transactions"."buyer_first_name", "transactions"."buyer_last_name", "transactions"."buyer_email", "transactions"."billing_address", "transactions"."fraud_decision", "transactions"."fraud_reasons", "transactions"."failure_reason", "transactions"."description", "transactions"."notification_sent_at", "transactions"."disputed_at", "transactions"."created_at", "transactions"."updated_at", "merchants"."name" from "transactions" inner join "merchants" on "merchants"."id" = "transactions"."merchant_id" where "transactions"."id" = $1 limit $2',
      params: ['{{row:10:0.0}}', 1],
      rowMode: 'array',
    },
    {
      text: 'select "id" from "webhook_endpoints" where ("webhook_endpoints"."merchant_id" = $1 and "webhook_endpoints"."enabled" = $2 and ("webhook_endpoints"."event_types" is null or $3 = any("webhook_endpoints"."event_types")))',
      params: ['{{fix:merchant}}', true, 'payment.succeeded'],
      rowMode: 'array',
    },
    {
      text: 'commit',
      params: [],
    },
    {
      text: 'update "idempotency_keys" set "state" = $1, "response_status" = $2, "response_body" = $3, "expires_at" = $4 where ("idempotency_keys"."scope" = $5 and "idempotency_keys"."endpoint" = $6 and "idempotency_keys"."key" = $7)',
      params: [
        'done',
        200,
        '{"status":"success","result":{"id":"{{row:10:0.0}}","status":"capture_succeeded","amount":12900,"currency":"USD","method":"card","gift_card_amount":0,"failure_reason":null,"payment_method":{"approval_url":null,"brand":"visa","last4":"4242"}}}',
        '{{at:86400045}}',
        'checkout:{{row:2:0.0}}',
        'pay/charge',
        'bench-{{new:2}}',
      ],
    },
  ],
};
