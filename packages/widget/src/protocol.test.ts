import { describe, expect, it } from 'vitest';
import { envelope, newChannelId, originOf, PROTOCOL, readFrameMessage, readHostMessage } from './protocol.ts';

const frame = { name: 'frame window' };
const expected = { origin: 'https://pay.example.com', source: frame, channel: 'c1' };
const event = (message: unknown, over: Partial<{ origin: string; source: unknown; data: unknown }> = {}) => ({
  origin: 'https://pay.example.com',
  source: frame,
  data: envelope('c1', message),
  ...over,
});

describe('readFrameMessage', () => {
  it('accepts each well-formed message from the expected origin, window and channel', () => {
    const messages = [
      { type: 'ready' },
      { type: 'resize', height: 320 },
      {
        type: 'result',
        transaction: { id: 't1', status: 'capture_succeeded', paymentMethod: { method: 'card', approvalUrl: null } },
      },
      { type: 'error', error: { code: 'declined', message: 'Card declined.' } },
      { type: 'approval-start', url: 'https://pay.example.com/pay/approve/sbx_1' },
      { type: 'approval-end' },
    ];
    for (const message of messages) expect(readFrameMessage(event(message), expected)).toEqual(message);
  });

  it('ignores another origin, another window, another channel or another protocol', () => {
    const ready = { type: 'ready' };
    expect(readFrameMessage(event(ready, { origin: 'https://evil.example' }), expected)).toBeNull();
    expect(readFrameMessage(event(ready, { source: {} }), expected)).toBeNull();
    expect(readFrameMessage(event(ready, { data: envelope('c2', ready) }), expected)).toBeNull();
    expect(
      readFrameMessage(event(ready, { data: { protocol: 'other/1', channel: 'c1', message: ready } }), expected),
    ).toBeNull();
    expect(readFrameMessage(event(ready, { data: 'ready' }), expected)).toBeNull();
  });

  it('ignores malformed or unknown messages', () => {
    for (const message of [
      { type: 'resize', height: '10px' },
      { type: 'resize', height: -1 },
      { type: 'result', transaction: { id: 't1' } },
      { type: 'error', error: 'boom' },
      { type: 'approval-start', url: 'javascript:alert(1)' },
      { type: 'approval-start', url: 'not a url' },
      { type: 'submit' },
      { type: 'unknown' },
      null,
    ]) {
      expect(readFrameMessage(event(message), expected), JSON.stringify(message)).toBeNull();
    }
  });
});

describe('readHostMessage', () => {
  it('accepts config, submit and approval-closed only', () => {
    expect(readHostMessage(event({ type: 'submit' }), expected)).toEqual({ type: 'submit' });
    expect(readHostMessage(event({ type: 'approval-closed' }), expected)).toEqual({ type: 'approval-closed' });
    expect(readHostMessage(event({ type: 'config', config: { amount: 1 } }), expected)).toEqual({
      type: 'config',
      config: { amount: 1 },
    });
    expect(readHostMessage(event({ type: 'config' }), expected)).toBeNull();
    expect(readHostMessage(event({ type: 'ready' }), expected)).toBeNull();
    expect(readHostMessage(event({ type: 'submit' }, { origin: 'https://evil.example' }), expected)).toBeNull();
  });
});

describe('channels and origins', () => {
  it('makes random 128-bit channel ids', () => {
    const a = newChannelId();
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(newChannelId()).not.toBe(a);
    expect(envelope(a, { type: 'ready' })).toEqual({ protocol: PROTOCOL, channel: a, message: { type: 'ready' } });
  });

  it('uses https except on loopback, and the page scheme for the page host', () => {
    const page = { protocol: 'http:', host: 'shop.test:3000' };
    expect(originOf('pay.example.com', page)).toBe('https://pay.example.com');
    expect(originOf('localhost:8080', page)).toBe('http://localhost:8080');
    expect(originOf('127.0.0.1:8080', page)).toBe('http://127.0.0.1:8080');
    expect(originOf('[::1]:8080', page)).toBe('http://[::1]:8080');
    expect(originOf('shop.test:3000', page)).toBe('http://shop.test:3000');
  });
});
