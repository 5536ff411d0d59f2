// Public entry of @kassa/widget; the IIFE build exposes the same names on `window.Kassa`.
export {
  AMOUNT_MAX,
  type AutoSelectOption,
  type BillingField,
  billingFieldsFor,
  type DisplayOption,
  type EmbedData,
  type FieldsConfig,
  isValidHost,
  type OptionalBillingField,
  optionsFromEmbedData,
  type StoreOption,
  validateOptions,
  WIDGET_DEFAULTS,
  WidgetArgumentError,
  type WidgetError,
  type WidgetIntent,
  type WidgetMethod,
  type WidgetOptions,
  type WidgetSavedCard,
  type WidgetTransaction,
} from './options.ts';
export {
  envelope,
  type FrameMessage,
  type HostMessage,
  newChannelId,
  originOf,
  PROTOCOL,
  readFrameMessage,
  readHostMessage,
} from './protocol.ts';
export { DUPLICATE_SUBMIT_MS, LOAD_WARNING_MS, MAX_WIDTH_PX, mount, POPUP_SIZE, type WidgetHandle } from './widget.ts';
