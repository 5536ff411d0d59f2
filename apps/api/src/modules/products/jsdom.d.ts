// The slice of jsdom's API the rich-text sanitiser uses (@types/jsdom is not installed).
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string);
    readonly window: Window & typeof globalThis;
  }
}
