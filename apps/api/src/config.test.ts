import { describe, expect, it } from 'vitest';
import { readConfig } from './config.ts';

const proxies = (value?: string) =>
  readConfig(value === undefined ? {} : { KASSA_TRUSTED_PROXIES: value }).trustedProxies;

describe('KASSA_TRUSTED_PROXIES', () => {
  it('trusts no proxy unless told to', () => {
    expect(proxies()).toBe(false);
    expect(proxies('')).toBe(false);
    expect(proxies('off')).toBe(false);
    expect(proxies('0')).toBe(false);
  });

  it('takes a hop count', () => {
    expect(proxies('1')).toBe(1);
    expect(proxies(' 2 ')).toBe(2);
  });

  it('takes addresses and ranges, IPv4 and IPv6', () => {
    expect(proxies('10.0.0.1, 192.168.0.0/16,fd00::/8 , ::1,loopback')).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      'fd00::/8',
      '::1',
      'loopback',
    ]);
  });

  it('refuses anything else with a message naming the wrong entry', () => {
    for (const wrong of ['true', 'on', '10.0.0.1,example.com', '10.0.0.0/33', '::1/129', '10.0.0.300', '1.2.3.4/8/9']) {
      expect(() => proxies(wrong), wrong).toThrow(/KASSA_TRUSTED_PROXIES must be/);
    }
    expect(() => proxies('10.0.0.1,example.com')).toThrow(/not understood: example\.com/);
  });
});

describe('KASSA_METRICS_PORT', () => {
  const metricsPort = (value?: string) =>
    readConfig(value === undefined ? {} : { KASSA_METRICS_PORT: value }).metricsPort;

  it('serves metrics on 9464 unless told otherwise, and not at all when off', () => {
    expect(metricsPort()).toBe(9464);
    expect(metricsPort('')).toBe(9464);
    expect(metricsPort('4667')).toBe(4667);
    expect(metricsPort('off')).toBeNull();
    expect(metricsPort('0')).toBeNull();
  });

  it('refuses the public port', () => {
    expect(() => readConfig({ PORT: '8080', KASSA_METRICS_PORT: '8080' })).toThrow(
      /KASSA_METRICS_PORT must differ from PORT/,
    );
  });

  it('refuses what is not a port with a message naming the setting', () => {
    for (const wrong of ['on', '-1', '65536', '94.64', 'http://x']) {
      expect(() => metricsPort(wrong), wrong).toThrow(/KASSA_METRICS_PORT must be a port number/);
    }
  });
});

describe('DATABASE_POOL_SIZE', () => {
  it('is five connections unless told otherwise', () => {
    expect(readConfig({}).databasePoolSize).toBe(5);
    expect(readConfig({ DATABASE_POOL_SIZE: '' }).databasePoolSize).toBe(5);
    expect(readConfig({ DATABASE_POOL_SIZE: '17' }).databasePoolSize).toBe(17);
  });

  it('refuses a size that is not a whole number of connections from 1 to 200', () => {
    for (const bad of ['0', '-3', '2.5', 'ten', '500']) {
      expect(() => readConfig({ DATABASE_POOL_SIZE: bad }), bad).toThrow();
    }
  });
});

describe('bounded waits', () => {
  it('has defaults: 5 s for a database connection, 30 s per statement, 1 s for the health check, 2 s of drain, 10 s to shut down', () => {
    expect(readConfig({})).toMatchObject({
      databaseConnectTimeoutMs: 5_000,
      databaseStatementTimeoutMs: 30_000,
      healthTimeoutMs: 1_000,
      drainDelayMs: 2_000,
      shutdownTimeoutMs: 10_000,
    });
  });

  it('takes each from its variable; a statement timeout of 0 means none', () => {
    expect(
      readConfig({
        DATABASE_CONNECT_TIMEOUT_MS: '250',
        DATABASE_STATEMENT_TIMEOUT_MS: '0',
        KASSA_HEALTH_TIMEOUT_MS: '400',
        KASSA_SHUTDOWN_TIMEOUT_MS: '3000',
        KASSA_DRAIN_DELAY_MS: '0',
      }),
    ).toMatchObject({
      databaseConnectTimeoutMs: 250,
      databaseStatementTimeoutMs: 0,
      healthTimeoutMs: 400,
      drainDelayMs: 0,
      shutdownTimeoutMs: 3_000,
    });
  });

  it('refuses a bound that is not a whole number of milliseconds, or that would wait for ever', () => {
    for (const [name, bad] of [
      ['DATABASE_CONNECT_TIMEOUT_MS', '0'],
      ['DATABASE_CONNECT_TIMEOUT_MS', 'soon'],
      ['DATABASE_STATEMENT_TIMEOUT_MS', '-1'],
      ['KASSA_HEALTH_TIMEOUT_MS', '0'],
      ['KASSA_SHUTDOWN_TIMEOUT_MS', '1.5'],
    ] as const) {
      expect(() => readConfig({ [name]: bad }), `${name}=${bad}`).toThrow();
    }
  });
});
