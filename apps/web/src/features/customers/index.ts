// The customers feature's face for other features: the customer picker (Virtual Terminal, invoices)
// the saved-card charge form (the Virtual Terminal's "Saved card" tab) and a customer's saved cards.
export { useSavedCards } from './api/saved-cards-api.ts';
export { ChargeSavedCardForm } from './components/charge-saved-card-form.tsx';
export { CustomerPicker } from './components/customer-picker.tsx';
