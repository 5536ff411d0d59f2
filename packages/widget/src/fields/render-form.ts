// Builds the hosted fields form with plain DOM calls (no framework, no innerHTML with data): every
// input has a visible label, an error line tied to it by aria-describedby, and stable ids and names.
// Every word is in the page's language (`FieldsLanguage`), country names included.
import type { HostedFieldsKey } from '@kassa/contract/i18n/catalogues/hosted-fields.en';
import type { Locale } from '@kassa/contract/i18n/locales';
import type { Translate } from '@kassa/contract/i18n/translate';
import { countryOptions } from './countries.ts';
import type { FieldId, FieldSpec } from './field-specs.ts';

/** The language the fields page speaks, from its <html lang> (docs/i18n.md). */
export interface FieldsLanguage {
  locale: Locale;
  t: Translate<HostedFieldsKey>;
}

export interface FieldsForm {
  /** The page's language: the form's texts and every message set on it later. */
  language: FieldsLanguage;
  form: HTMLFormElement;
  fieldset: HTMLFieldSetElement;
  inputs: Map<FieldId, HTMLInputElement | HTMLSelectElement>;
  /** The fields that may stay blank (marked "(optional)"). */
  optional: ReadonlySet<FieldId>;
  brand: HTMLElement | null;
  /** Form-level message: an error (role alert) or progress (role status). */
  message: HTMLElement;
  setError(id: FieldId, message: string | null): void;
  hasError(id: FieldId): boolean;
  setMessage(kind: 'error' | 'info' | 'success' | null, text?: string): void;
  setBusy(busy: boolean): void;
}

function el<K extends keyof HTMLElementTagNameMap>(
  doc: Document,
  tag: K,
  attrs: Record<string, string> = {},
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = doc.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

function control(
  doc: Document,
  spec: FieldSpec,
  defaultCountry: string,
  { locale, t }: FieldsLanguage,
): HTMLInputElement | HTMLSelectElement {
  const common = {
    id: spec.id,
    name: spec.name,
    autocomplete: spec.autocomplete,
    'aria-describedby': `${spec.id}-error`,
    class: 'kf-input',
  };
  if (spec.kind === 'select') {
    const select = el(doc, 'select', common);
    select.append(el(doc, 'option', { value: '' }, t('field.chooseCountry')));
    for (const country of countryOptions(locale)) {
      const option = el(doc, 'option', { value: country.code }, country.name);
      if (country.code === defaultCountry) option.selected = true;
      select.append(option);
    }
    return select;
  }
  const input = el(doc, 'input', { ...common, type: spec.kind === 'email' ? 'email' : 'text', spellcheck: 'false' });
  if (!spec.optional) input.setAttribute('aria-required', 'true');
  if (spec.inputMode) input.inputMode = spec.inputMode;
  if (spec.placeholder) {
    input.placeholder = typeof spec.placeholder === 'string' ? t(spec.placeholder) : spec.placeholder.example;
  }
  if (spec.maxLength) input.maxLength = spec.maxLength;
  return input;
}

export function renderForm(
  doc: Document,
  root: HTMLElement,
  groups: { legend: HostedFieldsKey; fields: readonly FieldSpec[] }[],
  defaultCountry: string,
  language: FieldsLanguage,
): FieldsForm {
  const { t } = language;
  const form = el(doc, 'form', { id: 'kassa-fields-form', novalidate: '', autocomplete: 'on' });
  const fieldset = el(doc, 'fieldset', { class: 'kf-fieldset' });
  const inputs = new Map<FieldId, HTMLInputElement | HTMLSelectElement>();
  const errors = new Map<FieldId, HTMLElement>();
  const optional = new Set<FieldId>();
  let brand: HTMLElement | null = null;

  for (const group of groups) {
    if (group.fields.length === 0) continue;
    const legend = t(group.legend);
    const section = el(doc, 'div', { class: 'kf-group', role: 'group', 'aria-label': legend });
    section.append(el(doc, 'p', { class: 'kf-legend', 'aria-hidden': 'true' }, legend));
    const grid = el(doc, 'div', { class: 'kf-grid' });
    for (const spec of group.fields) {
      const wrapper = el(doc, 'div', { class: spec.half ? 'kf-field kf-half' : 'kf-field' });
      const label = el(doc, 'label', { for: spec.id, class: 'kf-label' }, t(spec.label));
      if (spec.optional) label.append(el(doc, 'span', { class: 'kf-optional' }, ` ${t('field.optional')}`));
      const input = control(doc, spec, defaultCountry, language);
      const box = el(doc, 'div', { class: 'kf-control' });
      box.append(input);
      if (spec.id === 'card-number') {
        brand = el(doc, 'span', { id: 'card-brand', class: 'kf-brand', 'aria-live': 'polite' });
        box.append(brand);
      }
      const error = el(doc, 'div', { id: `${spec.id}-error`, class: 'kf-error' });
      wrapper.append(label, box, error);
      grid.append(wrapper);
      inputs.set(spec.id, input);
      if (spec.optional) optional.add(spec.id);
      errors.set(spec.id, error);
    }
    section.append(grid);
    fieldset.append(section);
  }
  const message = el(doc, 'div', { id: 'kassa-fields-message', class: 'kf-message', hidden: '' });
  form.append(fieldset, message);
  root.replaceChildren(form);

  return {
    language,
    form,
    fieldset,
    inputs,
    optional,
    brand,
    message,
    setError(id, text) {
      const input = inputs.get(id);
      const error = errors.get(id);
      if (!input || !error) return;
      error.textContent = text ?? '';
      if (text) input.setAttribute('aria-invalid', 'true');
      else input.removeAttribute('aria-invalid');
    },
    hasError: (id) => Boolean(errors.get(id)?.textContent),
    setMessage(kind, text = '') {
      message.hidden = kind === null;
      message.textContent = kind === null ? '' : text;
      message.className = `kf-message${kind ? ` kf-message-${kind}` : ''}`;
      message.setAttribute('role', kind === 'error' ? 'alert' : 'status');
    },
    setBusy(busy) {
      fieldset.disabled = busy;
      form.setAttribute('aria-busy', String(busy));
    },
  };
}
