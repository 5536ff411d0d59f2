// The saving part of the hosted fields: the bound customer's saved cards offered before the
// card inputs, with "Use another card", and the buyer's consent to keep a typed card as the store
// option asks (docs/product-rules.md#validation "Card widget options": true, false, "ask", "preselect").
// Plain DOM like render-form.ts, in the page's language; the consent words come from the same
// catalogue the server records them from (hosted-fields.<locale>.ts, docs/i18n.md).
import type { CheckoutCardSession } from '@kassa/contract/checkout';
import type { HostedFieldsKey } from '@kassa/contract/i18n/catalogues/hosted-fields.en';
import type { Translate } from '@kassa/contract/i18n/translate';
import { cardExpiryText, paymentMethodText } from '@kassa/contract/payment-methods';
import type { AutoSelectOption, DisplayOption, StoreOption } from '../options.ts';

export const NEW_CARD = 'new';

export interface SavedCardChoice {
  element: HTMLElement;
  /** The chosen saved card's id, or null for "Use another card". */
  selected(): string | null;
}

function radio(doc: Document, value: string, text: string, disabled: boolean): HTMLLabelElement {
  const label = doc.createElement('label');
  label.className = 'kf-choice';
  const input = doc.createElement('input');
  input.type = 'radio';
  input.name = 'saved-card';
  input.value = value;
  input.id = `saved-card-${value}`;
  input.disabled = disabled;
  label.append(input, doc.createTextNode(` ${text}`));
  return label;
}

/**
 * The radio list of saved cards (expired ones shown, not choosable) and "Use another card", unless the
 * display option hides one side. `autoSelect` picks the starting choice; `onChange` tells the page to
 * show or hide the card inputs.
 */
export function renderSavedCards(
  doc: Document,
  cards: CheckoutCardSession['saved_cards'],
  options: { display: DisplayOption; autoSelect: AutoSelectOption; onChange: (savedId: string | null) => void },
  t: Translate<HostedFieldsKey>,
): SavedCardChoice | null {
  if (cards.length === 0 || options.display === 'addOnly') return null;
  const group = doc.createElement('div');
  group.className = 'kf-group kf-saved-cards';
  group.setAttribute('role', 'radiogroup');
  group.setAttribute('aria-label', t('saved.legend'));
  const legend = doc.createElement('p');
  legend.className = 'kf-legend';
  legend.setAttribute('aria-hidden', 'true');
  legend.textContent = t('saved.legend');
  group.append(legend);
  for (const card of cards) {
    const text = t(card.expired ? 'saved.expired' : 'saved.card', {
      card: paymentMethodText('card', card.brand, card.last4),
      expiry: cardExpiryText(card.exp_month, card.exp_year),
    });
    group.append(radio(doc, card.id, text, card.expired));
  }
  if (options.display !== 'storedOnly') group.append(radio(doc, NEW_CARD, t('saved.useAnother'), false));

  const inputs = [...group.querySelectorAll<HTMLInputElement>('input[name="saved-card"]')];
  const usable = inputs.filter((i) => !i.disabled && i.value !== NEW_CARD);
  const newCard = inputs.find((i) => i.value === NEW_CARD);
  const start =
    options.autoSelect === 'none' || options.autoSelect === null
      ? undefined
      : options.autoSelect === 'firstNonStored'
        ? (newCard ?? usable[0])
        : (usable[0] ?? newCard);
  if (start) start.checked = true;

  const selected = () => {
    const checked = inputs.find((i) => i.checked);
    return checked && checked.value !== NEW_CARD ? checked.value : null;
  };
  group.addEventListener('change', () => options.onChange(selected()));
  return { element: group, selected };
}

export interface SaveConsent {
  element: HTMLElement;
  /** The buyer agreed to keep the typed card (box ticked, or store `true` with its notice shown). */
  wanted(): boolean;
  /** Which words they agreed under: the notice or the checkbox. */
  shown: 'notice' | 'checkbox';
}

/** "ask": an unticked box; "preselect": a ticked one; true: a notice; false or no vault: nothing. */
export function renderSaveConsent(
  doc: Document,
  store: StoreOption | null,
  t: Translate<HostedFieldsKey>,
): SaveConsent | null {
  if (store === null || store === false) return null;
  const wrapper = doc.createElement('div');
  wrapper.className = 'kf-save';
  if (store === true) {
    wrapper.textContent = t('save.notice');
    wrapper.id = 'save-card-notice';
    return { element: wrapper, wanted: () => true, shown: 'notice' };
  }
  const label = doc.createElement('label');
  label.className = 'kf-choice';
  const box = doc.createElement('input');
  box.type = 'checkbox';
  box.id = 'save-card';
  box.name = 'save-card';
  box.checked = store === 'preselect';
  label.append(box, doc.createTextNode(` ${t('save.consent')}`));
  wrapper.append(label);
  return { element: wrapper, wanted: () => box.checked, shown: 'checkbox' };
}

export interface SubscribeConsent {
  element: HTMLElement;
  /** The buyer ticked the authorisation: without it the API refuses to subscribe. */
  ticked(): boolean;
}

/**
 * paymentSource 'recurring' on a checkout with a recurring price (docs/product-rules.md#subscribing-at-checkout):
 * the amount and interval, the trial, and the authorisation box. Every sentence comes from the server,
 * which records the very consent text on the subscription.
 */
export function renderSubscribeConsent(
  doc: Document,
  offer: { label: string; trial: string | null; consent_text: string },
): SubscribeConsent {
  const wrapper = doc.createElement('div');
  wrapper.className = 'kf-save';
  const terms = doc.createElement('p');
  terms.id = 'subscription-terms';
  terms.textContent = offer.trial ? `${offer.label} · ${offer.trial}` : offer.label;
  const label = doc.createElement('label');
  label.className = 'kf-choice';
  const box = doc.createElement('input');
  box.type = 'checkbox';
  box.id = 'subscribe-consent';
  box.name = 'subscribe-consent';
  label.append(box, doc.createTextNode(` ${offer.consent_text}`));
  wrapper.append(terms, label);
  return { element: wrapper, ticked: () => box.checked };
}
