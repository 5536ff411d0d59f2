// Webhook URLs may only reach public addresses over https, checked after DNS resolution; the
// development switch opens the loopback interface and nothing else. No test here leaves the machine:
// names are resolved by a stub.

import { apiErrorsEn } from '@kassa/contract/i18n/catalogues/portal/api-errors.en';
import { LOCAL_RECEIVER_HINT } from '@kassa/contract/webhooks';
import { describe, expect, it } from 'vitest';
import { checkWebhookUrl, classifyAddress, type Resolver } from './ssrf-guard.ts';

const resolvesTo =
  (...addresses: string[]): Resolver =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

const refusedReason = (address: string) => classifyAddress(address).refused;

describe('address classes', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.1.2', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.254', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['100.127.255.254', 'carrier-grade NAT'],
    ['169.254.169.254', 'metadata'],
    ['169.254.10.1', 'link-local'],
    ['0.0.0.0', 'reserved'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['::1', 'loopback'],
    ['::', 'reserved'],
    ['fe80::1', 'link-local'],
    ['fc00::1', 'private'],
    ['fd00:ec2::254', 'private'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:a9fe:a9fe', 'metadata'],
    ['0:0:0:0:0:ffff:192.168.0.1', 'private'],
    ['64:ff9b::a9fe:a9fe', 'translated'],
    ['2002:7f00:1::', 'translated'],
  ])('refuses %s (%s)', (address, kind) => {
    expect(refusedReason(address)).toContain(kind);
  });

  it.each(['93.184.215.14', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])(
    'allows the public address %s',
    (address) => {
      expect(refusedReason(address)).toBeUndefined();
    },
  );
});

describe('checkWebhookUrl', () => {
  const live = { allowPrivate: false, resolve: resolvesTo('93.184.215.14') };

  it('accepts https to a public name and returns the addresses to connect to', async () => {
    const checked = await checkWebhookUrl('https://shop.example.com/hooks', live);
    expect(checked.addresses).toEqual([{ address: '93.184.215.14', family: 4 }]);
  });

  it('refuses http, other schemes and credentials in the URL', async () => {
    await expect(checkWebhookUrl('http://shop.example.com/hooks', live)).rejects.toThrow(/https/);
    await expect(checkWebhookUrl('ftp://shop.example.com/hooks', live)).rejects.toThrow(/https/);
    await expect(checkWebhookUrl('https://user:pw@shop.example.com/', live)).rejects.toThrow(/user name/);
    await expect(checkWebhookUrl('not a url', live)).rejects.toThrow(/full URL/);
  });

  it('refuses a name that resolves to a private address, even when another of its addresses is public', async () => {
    await expect(
      checkWebhookUrl('https://inside.example.com/', { allowPrivate: false, resolve: resolvesTo('10.0.0.5') }),
    ).rejects.toThrow(/private/);
    await expect(
      checkWebhookUrl('https://mixed.example.com/', {
        allowPrivate: false,
        resolve: resolvesTo('93.184.215.14', '169.254.169.254'),
      }),
    ).rejects.toThrow(/metadata/);
    await expect(
      checkWebhookUrl('https://v6.example.com/', { allowPrivate: false, resolve: resolvesTo('::ffff:127.0.0.1') }),
    ).rejects.toThrow(/loopback/);
  });

  it('refuses address literals in every notation', async () => {
    for (const url of [
      'https://127.0.0.1/',
      'https://2130706433/',
      'https://0x7f.0.0.1/',
      'https://[::1]/',
      'https://[::ffff:169.254.169.254]/',
      'https://169.254.169.254/latest/meta-data/',
      'https://localhost/',
    ]) {
      await expect(checkWebhookUrl(url, live), url).rejects.toThrow(/public address/);
    }
  });

  it('refuses a name that does not resolve', async () => {
    const resolve: Resolver = async () => {
      throw new Error('ENOTFOUND');
    };
    await expect(checkWebhookUrl('https://nowhere.example.com/', { allowPrivate: false, resolve })).rejects.toThrow(
      /could not be found/,
    );
  });

  it('tells a merchant offline or on a test machine how to use a receiver on this machine', async () => {
    const offline: Resolver = async () => {
      throw new Error('ENOTFOUND');
    };
    const live = { allowPrivate: false, resolve: offline };
    for (const url of ['https://nowhere.example.com/', 'http://localhost:4000/hooks', 'https://localhost/']) {
      await expect(checkWebhookUrl(url, live), url).rejects.toThrow(LOCAL_RECEIVER_HINT);
    }
    // With the switch on, the hint would only repeat what the merchant already did.
    await expect(
      checkWebhookUrl('https://nowhere.example.com/', { allowPrivate: true, resolve: offline }),
    ).rejects.toThrow(/^The host name nowhere\.example\.com could not be found\.$/);
  });

  it('with the development switch, allows the loopback interface (http too) and still nothing else', async () => {
    const dev = { allowPrivate: true, resolve: resolvesTo('127.0.0.1') };
    await expect(checkWebhookUrl('http://127.0.0.1:4000/hooks', dev)).resolves.toBeTruthy();
    await expect(checkWebhookUrl('http://localhost:4000/hooks', dev)).resolves.toBeTruthy();
    await expect(checkWebhookUrl('http://[::1]:4000/hooks', dev)).resolves.toBeTruthy();
    await expect(checkWebhookUrl('http://10.0.0.5/hooks', dev)).rejects.toThrow(/https/);
    await expect(checkWebhookUrl('https://10.0.0.5/hooks', dev)).rejects.toThrow(/private/);
    await expect(checkWebhookUrl('https://169.254.169.254/', dev)).rejects.toThrow(/metadata/);
    await expect(
      checkWebhookUrl('http://rebind.example.com/', { allowPrivate: true, resolve: resolvesTo('127.0.0.1') }),
    ).rejects.toThrow(/https/);
  });
});

// The portal shows these refusals in the user's language by finding them word for word in its English
// catalogue (docs/i18n.md), so a reworded refusal must be reworded there too.
describe('refusals the portal can translate', () => {
  const catalogue = Object.entries(apiErrorsEn);
  const addressKinds = catalogue
    .filter(([key]) => key.startsWith('apiError.webhookUrl.address.'))
    .map(([, text]) => text);
  const sentences = catalogue
    .filter(([key]) => key.startsWith('apiError.webhookUrl.') && !key.includes('.address.'))
    .flatMap(([, text]) =>
      addressKinds.map((kind) => text.replace('{host}', 'shop.example').replace('{address}', kind)),
    );
  const offline: Resolver = async () => {
    throw new Error('ENOTFOUND');
  };
  const refusal = (url: string, allowPrivate: boolean, resolve: Resolver = offline) =>
    checkWebhookUrl(url, { allowPrivate, resolve }).then(
      () => '',
      (error: Error) => error.message.replace(` ${LOCAL_RECEIVER_HINT}`, ''),
    );

  it('words every refusal as the portal’s English catalogue does', async () => {
    const refusals = [
      await refusal('ftp://shop.example/', false),
      await refusal('https://user:pw@shop.example/', false),
      await refusal('http://shop.example/', false),
      await refusal('http://shop.example/', true),
      await refusal('https://localhost/', false),
      await refusal('https://shop.example/', false),
      await refusal('https://shop.example/', false, resolvesTo('10.0.0.1')),
    ];
    expect(refusals.filter((message) => !sentences.includes(message))).toEqual([]);
  });

  it('names only address kinds the catalogue words, and each of them', () => {
    const samples = ['127.0.0.1', '10.0.0.1', '169.254.10.1', '0.0.0.0', '169.254.169.254', '100.64.0.1'];
    samples.push('224.0.0.1', '64:ff9b::a9fe:a9fe', 'shop.example');
    expect(new Set(samples.map(refusedReason))).toEqual(new Set(addressKinds));
  });
});
