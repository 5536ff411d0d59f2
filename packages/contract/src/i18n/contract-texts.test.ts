// The texts the contract supplies in English have their catalogue keys (docs/i18n.md): every API key
// scope, webhook event and audit action the contract names, every decline code and every error code a
// code alone explains. The English catalogue repeats the contract's words exactly, so an English reader
// sees no change and a changed source fails here until its translations follow; the other languages are
// checked for completeness by i18n-catalogues.test.ts.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTION_LABEL } from '../audit.ts';
import { ERROR_STATUS } from '../common.ts';
import { VERIFICATION_STATUSES } from '../connections.ts';
import { DECLINE_CODES } from '../declines.ts';
import { API_KEY_SCOPES } from '../developers.ts';
import { LOCAL_RECEIVER, LOCAL_RECEIVER_HINT, WEBHOOK_EVENTS } from '../webhooks.ts';
import { apiErrorsEn } from './catalogues/portal/api-errors.en.ts';
import { contractTextsEn } from './catalogues/portal/contract-texts.en.ts';
import { portalEn } from './catalogues/portal.en.ts';
import { createTranslator } from './translate.ts';

const english: Record<string, string> = contractTextsEn;

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
function sources(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sources(path, out);
    else if (/(?<!\.test)\.ts$/.test(name)) out.push(path);
  }
  return out;
}

/** The API's and the contract's source, the catalogues and tests left out. */
const apiAndContractSources = () =>
  ['apps/api/src', 'packages/contract/src']
    .flatMap((dir) => sources(join(ROOT, dir)))
    .filter((file) => !file.includes('/i18n/'))
    .map((file) => readFileSync(file, 'utf8'))
    .join('\n');

/** The API's own source files, tests left out. */
const apiSources = () => sources(join(ROOT, 'apps/api/src')).map((file) => readFileSync(file, 'utf8'));

describe('the texts the contract supplies', () => {
  it('word each API key scope as the contract does', () => {
    for (const { scope, description } of API_KEY_SCOPES) {
      expect(english[`developers.scope.${scope.replace(':', '.')}`], scope).toBe(description);
    }
  });

  it('word each webhook event as the contract does', () => {
    for (const [type, { description }] of Object.entries(WEBHOOK_EVENTS)) {
      expect(english[`developers.event.${type}`], type).toBe(description);
    }
  });

  it('say how to try webhooks locally as the API does', () => {
    expect(createTranslator('en', portalEn)('developers.localReceiverHint', LOCAL_RECEIVER)).toBe(LOCAL_RECEIVER_HINT);
  });

  it('name each audit action outside the merchant set as the contract does', () => {
    const others = Object.entries(AUDIT_ACTION_LABEL).filter(([action]) => !action.startsWith('merchant.'));
    expect(others.length).toBeGreaterThan(0);
    for (const [action, label] of others) expect(english[`audit.action.${action}`], action).toBe(label);
  });

  it('give every audit action the API writes an English label, so the trail never shows a bare code', () => {
    const written = apiSources()
      .flatMap((text) => [...text.matchAll(/(?:action: |auditOf\([^)']*|paymentAudit\([^)']*)'([a-z_]+\.[a-z_]+)'/g)])
      .map((match) => match[1]!);
    expect(written).toContain('totp.enabled');
    expect([...new Set(written)].filter((action) => !AUDIT_ACTION_LABEL[action])).toEqual([]);
  });

  it('name each verification status of a provider connection', () => {
    for (const status of VERIFICATION_STATUSES)
      expect(english[`components.providerStatus.${status}`], status).toBeTruthy();
  });

  it('give every decline code a reason and every self-explaining error code a message', () => {
    const keys: Record<string, string> = apiErrorsEn;
    for (const code of DECLINE_CODES) expect(keys[`apiError.decline.${code}`], code).toBeTruthy();
    // A conflict or a broken business rule is only explained by the API's own sentence.
    const explained = Object.keys(ERROR_STATUS).filter((code) => code !== 'conflict' && code !== 'business_rule');
    for (const code of explained) expect(keys[`apiError.code.${code}`], code).toBeTruthy();
  });

  it('know each API sentence the portal translates by its wording, as the API still words it', () => {
    const code = apiAndContractSources();
    // The client words network failures, a code's text stands for many sentences, a decline for a code;
    // a sentence with a number in it is built from parts.
    const sentences = Object.entries(apiErrorsEn).filter(
      ([key, text]) =>
        !/^apiError\.(code|decline)\.|^apiError\.(timeout|network|offline)$/.test(key) && !text.includes('{'),
    );
    expect(sentences.length).toBeGreaterThan(20);
    expect(sentences.filter(([, text]) => !code.includes(`'${text}'`)).map(([key]) => key)).toEqual([]);
  });

  it('know each API sentence with a value in it by the words around its values, as the API still words them', () => {
    const code = apiAndContractSources();
    // A plural is matched by its own pattern (api-error-text.ts); the network failures are the client's.
    const templates = Object.entries(apiErrorsEn).filter(
      ([key, text]) => text.includes('{') && !text.includes(', plural,') && !/^apiError\.(code|decline)\./.test(key),
    );
    expect(templates.length).toBeGreaterThan(10);
    const reworded = templates.filter(([, text]) =>
      text
        .split(/\{\w+\}/)
        .filter((words) => words.trim().length > 1)
        .some((words) => !code.includes(words)),
    );
    expect(reworded.map(([key]) => key)).toEqual([]);
  });

  it('know each API sentence with a count in it, as the API builds it, in English plurals', () => {
    const code = apiAndContractSources();
    // merchant-update.service.ts and industry-types.service.ts append "s" to a count's noun; the catalogue
    // words the same sentences with ICU plurals, which api-error-text.ts fills from the API's words.
    expect(code).toMatch(
      /`\$\{row\.name\} still has \$\{subs\} sub-merchant\$\{subs === 1 \? '' : 's'\}\. Remove them first\.`/,
    );
    expect(code).toMatch(/`\$\{usage\.merchants\} merchant\$\{usage\.merchants === 1 \? '' : 's'\}`/);
    expect(code).toMatch(
      /`\$\{usage\.financialConnections\} financial connection\$\{usage\.financialConnections === 1 \? '' : 's'\}`/,
    );
    expect(code).toMatch(/`"\$\{existing\.name\}" is used by \$\{uses\.join\(' and '\)\} and cannot be deleted\.`/);
    const t = createTranslator('en', apiErrorsEn);
    const noun = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
    for (const count of [1, 2, 11]) {
      expect(t('apiError.subMerchantsLeft', { name: 'Acme', count })).toBe(
        `Acme still has ${noun(count, 'sub-merchant')}. Remove them first.`,
      );
      const merchants = noun(count, 'merchant');
      const connections = noun(count + 1, 'financial connection');
      expect(t('apiError.industryTypeUsed.merchants', { name: 'Retail', merchants: count })).toBe(
        `"Retail" is used by ${merchants} and cannot be deleted.`,
      );
      expect(t('apiError.industryTypeUsed.connections', { name: 'Retail', connections: count + 1 })).toBe(
        `"Retail" is used by ${connections} and cannot be deleted.`,
      );
      expect(t('apiError.industryTypeUsed.both', { name: 'Retail', merchants: count, connections: count + 1 })).toBe(
        `"Retail" is used by ${merchants} and ${connections} and cannot be deleted.`,
      );
    }
  });
});
