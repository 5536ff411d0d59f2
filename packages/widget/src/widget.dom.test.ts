// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { WidgetArgumentError, type WidgetOptions } from './options.ts';
import { envelope, type FrameMessage } from './protocol.ts';
import { mount, type WidgetHandle } from './widget.ts';

const FRAME_ORIGIN = 'https://pay.example.com';
let widget: WidgetHandle | undefined;
let warn: MockInstance;
let error: MockInstance;

function setup(over: Partial<WidgetOptions> = {}) {
  document.body.innerHTML = '<form id="checkout"><div id="payment"></div><button type="submit">Submit</button></form>';
  widget = mount({
    element: '#payment',
    form: '#checkout',
    apiHost: 'pay.example.com',
    amount: 1299,
    currency: 'USD',
    country: 'US',
    token: 'tok',
    ...over,
  });
  const iframe = widget.iframe;
  const channel = new URL(iframe.src).searchParams.get('channel')!;
  const postToHost = vi.spyOn(iframe.contentWindow!, 'postMessage').mockImplementation(() => undefined);
  const fromFrame = (message: FrameMessage, origin = FRAME_ORIGIN, source: Window | null = iframe.contentWindow) =>
    window.dispatchEvent(new MessageEvent('message', { data: envelope(channel, message), origin, source }));
  const sentTypes = () => postToHost.mock.calls.map(([data]) => (data as { message: { type: string } }).message.type);
  return { widget, iframe, channel, postToHost, fromFrame, sentTypes };
}

beforeEach(() => {
  vi.useFakeTimers();
  warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  widget?.destroy();
  widget = undefined;
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('mount', () => {
  it('puts the hosted fields iframe in the element, at most 480 px wide', () => {
    const { iframe, channel } = setup();
    expect(document.querySelector('#payment iframe')).toBe(iframe);
    const src = new URL(iframe.src);
    expect(src.origin + src.pathname).toBe('https://pay.example.com/pay/fields');
    expect(channel).toMatch(/^[0-9a-f]{32}$/);
    expect(src.searchParams.get('parent')).toBe(window.location.origin);
    expect(src.searchParams.get('method')).toBe('card');
    expect(iframe.style.maxWidth).toBe('480px');
    expect(iframe.style.width).toBe('100%');
  });

  it('passes the page’s colour mode to the hosted fields when it gives one, else none (the system decides)', () => {
    expect(new URL(setup({ theme: 'dark' }).iframe.src).searchParams.get('theme')).toBe('dark');
    widget?.destroy();
    expect(new URL(setup().iframe.src).searchParams.has('theme')).toBe(false);
  });

  it('passes the page’s language to the hosted fields and names the frame in it; else the browser decides', () => {
    vi.spyOn(window.navigator, 'languages', 'get').mockReturnValue(['fr-FR', 'en']);
    const german = setup({ locale: 'de' }).iframe;
    expect(new URL(german.src).searchParams.get('lang')).toBe('de');
    expect(german.title).toBe('Sichere Kartenzahlung');
    widget?.destroy();
    expect(new URL(setup().iframe.src).searchParams.has('lang')).toBe(false);
  });

  it('throws a WidgetArgumentError and mounts nothing for invalid options', () => {
    document.body.innerHTML = '<div id="payment"></div>';
    expect(() => mount({ element: '#payment', amount: 1, currency: 'US', country: 'US', token: 't' })).toThrow(
      WidgetArgumentError,
    );
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('sends the configuration once the fields are ready, including billing fields', () => {
    const { fromFrame, postToHost } = setup({ method: 'non-card' });
    fromFrame({ type: 'ready' });
    expect(postToHost).toHaveBeenCalledTimes(1);
    const [data, targetOrigin] = postToHost.mock.calls[0]!;
    expect(targetOrigin).toBe(FRAME_ORIGIN);
    expect(data).toMatchObject({
      message: {
        type: 'config',
        config: {
          amount: 1299,
          currency: 'USD',
          method: 'non-card',
          billingFields: ['firstName', 'lastName', 'email'],
        },
      },
    });
  });

  it('resizes the iframe to the height the fields report', () => {
    const { fromFrame, iframe } = setup();
    fromFrame({ type: 'resize', height: 312.4 });
    expect(iframe.style.height).toBe('313px');
  });

  it('removes the iframe and stops listening on destroy', () => {
    const { fromFrame, postToHost } = setup();
    widget!.destroy();
    expect(document.querySelector('iframe')).toBeNull();
    fromFrame({ type: 'ready' });
    expect(postToHost).not.toHaveBeenCalled();
  });
});

describe('origin checking', () => {
  it('ignores messages from another origin or another window', () => {
    const { fromFrame, postToHost, iframe } = setup();
    fromFrame({ type: 'ready' }, 'https://evil.example');
    fromFrame({ type: 'ready' }, FRAME_ORIGIN, window);
    fromFrame({ type: 'resize', height: 999 }, 'https://evil.example');
    expect(postToHost).not.toHaveBeenCalled();
    expect(iframe.style.height).toBe('0px');
    vi.advanceTimersByTime(3000);
    expect(warn).toHaveBeenCalledWith('Kassa widget: the payment fields did not load within 3000 ms.');
  });
});

describe('load timeout', () => {
  it('warns after 3000 ms without a ready message', () => {
    setup();
    vi.advanceTimersByTime(2999);
    expect(warn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('does not warn when the fields load in time', () => {
    const { fromFrame } = setup();
    vi.advanceTimersByTime(1000);
    fromFrame({ type: 'ready' });
    vi.advanceTimersByTime(5000);
    expect(warn).not.toHaveBeenCalled();
  });
});

describe('submit', () => {
  it('refuses a second submit within 250 ms with a warning', () => {
    const { fromFrame, sentTypes } = setup();
    fromFrame({ type: 'ready' });
    expect(widget!.submit()).toBe(true);
    vi.advanceTimersByTime(249);
    expect(widget!.submit()).toBe(false);
    expect(warn).toHaveBeenCalledWith(
      'Kassa widget: submit ignored, the form was already submitted less than 250 ms ago.',
    );
    vi.advanceTimersByTime(1);
    expect(widget!.submit()).toBe(true);
    expect(sentTypes()).toEqual(['config', 'submit', 'submit']);
  });

  it('submits through the form and keeps the page from navigating', () => {
    const { fromFrame, sentTypes } = setup();
    fromFrame({ type: 'ready' });
    const event = new Event('submit', { cancelable: true });
    document.querySelector('form')!.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    document.querySelector('form')!.dispatchEvent(new Event('submit', { cancelable: true }));
    expect(sentTypes()).toEqual(['config', 'submit']);
  });

  it('refuses to submit before the fields are ready', () => {
    const { sentTypes } = setup();
    expect(widget!.submit()).toBe(false);
    expect(warn).toHaveBeenCalledWith('Kassa widget: submit ignored, the payment fields have not loaded yet.');
    expect(sentTypes()).toEqual([]);
  });
});

describe('callbacks', () => {
  const transaction = { id: 't1', status: 'capture_succeeded', paymentMethod: { method: 'card', approvalUrl: null } };

  it('hands the completed transaction to onComplete', async () => {
    const onComplete = vi.fn();
    const { fromFrame } = setup({ onComplete });
    fromFrame({ type: 'result', transaction });
    await vi.waitFor(() => expect(onComplete).toHaveBeenCalledWith(transaction));
  });

  it('hands the card the add-card page saved to onCardSaved', async () => {
    const onCardSaved = vi.fn();
    const { fromFrame } = setup({ purpose: 'saveCard', onCardSaved });
    const card = { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 };
    fromFrame({ type: 'card-saved', card });
    await vi.waitFor(() => expect(onCardSaved).toHaveBeenCalledWith(card));
  });

  it('only logs a failing completion handler (docs/product-rules.md#error-messages)', async () => {
    const { fromFrame } = setup({ onComplete: () => Promise.reject(new Error('boom')) });
    fromFrame({ type: 'result', transaction });
    await vi.waitFor(() =>
      expect(error).toHaveBeenCalledWith('Kassa widget: the completion handler failed.', expect.any(Error)),
    );
  });

  it('hands errors to onError, or logs them without one', () => {
    const onError = vi.fn();
    const first = setup({ onError });
    first.fromFrame({ type: 'error', error: { code: 'declined', message: 'Card declined.' } });
    expect(onError).toHaveBeenCalledWith({ code: 'declined', message: 'Card declined.' });
    widget!.destroy();
    const second = setup();
    second.fromFrame({ type: 'error', error: { code: 'declined', message: 'Card declined.' } });
    expect(error).toHaveBeenCalledWith('Kassa widget:', 'Card declined.');
  });
});

describe('approval popup', () => {
  const url = 'https://pay.example.com/pay/approve/sbx_pay_1';
  const fakePopup = () => ({
    closed: false,
    close: vi.fn(function (this: { closed: boolean }) {
      this.closed = true;
    }),
  });

  it('opens a 500 × 589 popup and closes it when approval ends', () => {
    const popup = fakePopup();
    const open = vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    const { fromFrame } = setup();
    fromFrame({ type: 'approval-start', url });
    expect(open).toHaveBeenCalledTimes(1);
    const [openedUrl, , features] = open.mock.calls[0]!;
    expect(openedUrl).toBe(url);
    expect(features).toContain('width=500');
    expect(features).toContain('height=589');
    fromFrame({ type: 'approval-end' });
    expect(popup.close).toHaveBeenCalled();
  });

  it('closes the popup on completion and on failure', () => {
    const popups = [fakePopup(), fakePopup()];
    vi.spyOn(window, 'open')
      .mockReturnValueOnce(popups[0] as unknown as Window)
      .mockReturnValueOnce(popups[1] as unknown as Window);
    const { fromFrame } = setup({ onError: () => undefined });
    fromFrame({ type: 'approval-start', url });
    fromFrame({
      type: 'result',
      transaction: { id: 't', status: 'capture_succeeded', paymentMethod: { method: 'card', approvalUrl: url } },
    });
    expect(popups[0]!.close).toHaveBeenCalled();
    fromFrame({ type: 'approval-start', url });
    fromFrame({ type: 'error', error: { code: 'declined', message: 'The buyer declined the approval.' } });
    expect(popups[1]!.close).toHaveBeenCalled();
  });

  it('tells the fields when the buyer closes the popup (cancel)', () => {
    const popup = fakePopup();
    vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    const { fromFrame, sentTypes } = setup();
    fromFrame({ type: 'approval-start', url });
    vi.advanceTimersByTime(500);
    expect(sentTypes()).toEqual([]);
    popup.closed = true;
    vi.advanceTimersByTime(500);
    expect(sentTypes()).toEqual(['approval-closed']);
    vi.advanceTimersByTime(2000);
    expect(sentTypes()).toEqual(['approval-closed']);
  });

  it('reports a blocked popup', () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    const onError = vi.fn();
    const { fromFrame, sentTypes } = setup({ onError });
    fromFrame({ type: 'approval-start', url });
    expect(onError).toHaveBeenCalledWith({
      code: 'popupBlocked',
      message: 'The approval window was blocked. Allow pop-ups and try again.',
    });
    expect(sentTypes()).toEqual(['approval-closed']);
  });

  it('speaks the browser’s language: the frame’s title and a blocked popup in German', () => {
    vi.spyOn(window.navigator, 'languages', 'get').mockReturnValue(['de-CH', 'en']);
    vi.spyOn(window, 'open').mockReturnValue(null);
    const onError = vi.fn();
    const { iframe, fromFrame } = setup({ onError });
    expect(iframe.title).toBe('Sichere Kartenzahlung');
    fromFrame({ type: 'approval-start', url });
    expect(onError).toHaveBeenCalledWith({
      code: 'popupBlocked',
      message: 'Das Freigabefenster wurde blockiert. Erlauben Sie Pop-ups und versuchen Sie es erneut.',
    });
  });
});
