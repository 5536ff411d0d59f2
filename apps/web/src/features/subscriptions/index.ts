// The subscriptions feature's face for other features: a customer's subscriptions (the customer page)
// a product's prices (the products page) and the recurring price a product or payment link sells.
export { CustomerSubscriptionsCard } from './components/customer-subscriptions-card.tsx';
export { ProductPricesCard } from './components/product-prices-card.tsx';
export { RecurringPriceField } from './components/recurring-price-field.tsx';
export { TestClockSelect } from './components/test-clock-select.tsx';
