// The customers feature's face for other features: the customer picker (Virtual Terminal, invoices)
// and the saved-card charge form (the Virtual Terminal's "Saved card" tab).
export { ChargeSavedCardForm } from './components/charge-saved-card-form.tsx';
export { CustomerPicker } from './components/customer-picker.tsx';
