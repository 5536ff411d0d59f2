// The embeddable widget: an iframe with Kassa's hosted card fields (card data never touches the
// merchant's page), the postMessage protocol to it, the approval popup and the buyer's callbacks.
// Constants from docs/product-rules.md#constants; behaviour from docs/product-rules.md#states-and-transitions (approval popup, completion) and 8 (console-only
// warnings and errors). What the buyer may read (the frame's title, a blocked popup) is in the browser's
// language (docs/i18n.md); console messages are for the page's developer and stay English.
import { widgetTranslator } from '@kassa/contract/i18n/widget-catalogue';
import { type ResolvedOptions, validateOptions, type WidgetError, type WidgetOptions } from './options.ts';
import { envelope, type FrameMessage, type HostMessage, newChannelId, originOf, readFrameMessage } from './protocol.ts';

export const LOAD_WARNING_MS = 3000; // docs/product-rules.md#constants: embed load warning
export const DUPLICATE_SUBMIT_MS = 250; // docs/product-rules.md#constants: duplicate-submit window
export const POPUP_SIZE = { width: 500, height: 589 }; // docs/product-rules.md#states-and-transitions, docs/product-rules.md#constants
export const MAX_WIDTH_PX = 480; // docs/product-rules.md#constants: embed card container max width
const POPUP_POLL_MS = 500;

export interface WidgetHandle {
  readonly iframe: HTMLIFrameElement;
  /** Asks the fields to pay; false when refused (not loaded yet, or a second submit within 250 ms). */
  submit(): boolean;
  /** Removes the iframe and every listener, timer and popup. */
  destroy(): void;
}

/** Validates the options (throws WidgetArgumentError, docs/product-rules.md#validation) and mounts the hosted fields. */
export function mount(options: WidgetOptions): WidgetHandle {
  const resolved = validateOptions(options, {
    resolve: (selector) => document.querySelector(selector),
    pageHost: window.location.host,
  });
  return new Widget(resolved).handle();
}

class Widget {
  private readonly channel = newChannelId();
  private readonly frameOrigin: string;
  private readonly iframe: HTMLIFrameElement;
  private loadTimer: ReturnType<typeof setTimeout> | undefined;
  private ready = false;
  private lastSubmitAt = Number.NEGATIVE_INFINITY;
  private popup: Window | null = null;
  private popupPoll: ReturnType<typeof setInterval> | undefined;
  private readonly t: ReturnType<typeof widgetTranslator>['t'];

  constructor(private readonly options: ResolvedOptions) {
    this.t = widgetTranslator(options.locale ? [options.locale] : window.navigator.languages).t;
    this.frameOrigin = originOf(options.iframeHost, window.location);
    this.iframe = this.createFrame();
    window.addEventListener('message', this.onMessage);
    options.form?.addEventListener('submit', this.onFormSubmit);
    // docs/product-rules.md#error-messages: a fields page that does not load is a console warning, not a user-facing error.
    this.loadTimer = setTimeout(() => {
      console.warn(`Kassa widget: the payment fields did not load within ${LOAD_WARNING_MS} ms.`);
    }, LOAD_WARNING_MS);
    options.element.appendChild(this.iframe);
  }

  handle(): WidgetHandle {
    return { iframe: this.iframe, submit: () => this.submit(), destroy: () => this.destroy() };
  }

  private createFrame(): HTMLIFrameElement {
    const iframe = document.createElement('iframe');
    const query = new URLSearchParams({
      channel: this.channel,
      parent: window.location.origin,
      method: this.options.fields.method,
      ...(this.options.theme ? { theme: this.options.theme } : {}),
      ...(this.options.locale ? { lang: this.options.locale } : {}),
    });
    iframe.src = `${this.frameOrigin}/pay/fields?${query}`;
    iframe.title = this.t(this.options.fields.method === 'card' ? 'frame.cardTitle' : 'frame.title');
    iframe.setAttribute('allow', 'payment');
    iframe.style.cssText = `display:block;width:100%;max-width:${MAX_WIDTH_PX}px;border:0;height:0;overflow:hidden`;
    return iframe;
  }

  private post(message: HostMessage) {
    this.iframe.contentWindow?.postMessage(envelope(this.channel, message), this.frameOrigin);
  }

  private submit(): boolean {
    const now = Date.now();
    if (now - this.lastSubmitAt < DUPLICATE_SUBMIT_MS) {
      console.warn(
        `Kassa widget: submit ignored, the form was already submitted less than ${DUPLICATE_SUBMIT_MS} ms ago.`,
      );
      return false;
    }
    if (!this.ready) {
      console.warn('Kassa widget: submit ignored, the payment fields have not loaded yet.');
      return false;
    }
    this.lastSubmitAt = now;
    this.post({ type: 'submit' });
    return true;
  }

  private readonly onFormSubmit = (event: Event) => {
    event.preventDefault();
    this.submit();
  };

  private readonly onMessage = (event: MessageEvent) => {
    const message = readFrameMessage(event, {
      origin: this.frameOrigin,
      source: this.iframe.contentWindow,
      channel: this.channel,
    });
    if (message) this.handleMessage(message);
  };

  private handleMessage(message: FrameMessage) {
    switch (message.type) {
      case 'ready':
        clearTimeout(this.loadTimer);
        this.ready = true;
        this.post({ type: 'config', config: this.options.fields });
        return;
      case 'resize':
        this.iframe.style.height = `${Math.ceil(message.height)}px`;
        return;
      case 'approval-start':
        this.openPopup(message.url);
        return;
      case 'approval-end':
        this.closePopup();
        return;
      case 'result':
        this.closePopup();
        void this.complete(message.transaction);
        return;
      case 'card-saved':
        void this.callback(this.options.onCardSaved, message.card, 'the saved-card handler');
        return;
      case 'error':
        this.closePopup();
        this.fail(message.error);
        return;
    }
  }

  /** docs/product-rules.md#states-and-transitions: the result goes to the completion callback and is awaited; docs/product-rules.md#error-messages: failures only logged. */
  private complete(transaction: Extract<FrameMessage, { type: 'result' }>['transaction']) {
    return this.callback(this.options.onComplete, transaction, 'the completion handler');
  }

  private async callback<T>(handler: ((value: T) => unknown) | null, value: T, name: string) {
    try {
      await handler?.(value);
    } catch (error) {
      console.error(`Kassa widget: ${name} failed.`, error);
    }
  }

  private fail(error: WidgetError) {
    if (!this.options.onError) {
      console.error('Kassa widget:', error.message);
      return;
    }
    try {
      this.options.onError(error);
    } catch (handlerError) {
      console.error('Kassa widget: the error handler failed.', handlerError);
    }
  }

  /** docs/product-rules.md#states-and-transitions: the approval popup (500 × 589) closes on completion, cancel or failure. */
  private openPopup(url: string) {
    this.closePopup();
    const { width, height } = POPUP_SIZE;
    const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - width) / 2));
    const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - height) / 2));
    const popup = window.open(
      url,
      `kassa-approval-${this.channel}`,
      `popup,width=${width},height=${height},left=${left},top=${top}`,
    );
    if (!popup) {
      this.fail({ code: 'popupBlocked', message: this.t('error.popupBlocked') });
      this.post({ type: 'approval-closed' });
      return;
    }
    this.popup = popup;
    // Cancel: the buyer closed the window; the fields page then asks the API for the outcome.
    this.popupPoll = setInterval(() => {
      if (!this.popup?.closed) return;
      this.closePopup();
      this.post({ type: 'approval-closed' });
    }, POPUP_POLL_MS);
  }

  private closePopup() {
    clearInterval(this.popupPoll);
    this.popupPoll = undefined;
    if (this.popup && !this.popup.closed) this.popup.close();
    this.popup = null;
  }

  private destroy() {
    clearTimeout(this.loadTimer);
    this.closePopup();
    window.removeEventListener('message', this.onMessage);
    this.options.form?.removeEventListener('submit', this.onFormSubmit);
    this.iframe.remove();
  }
}
