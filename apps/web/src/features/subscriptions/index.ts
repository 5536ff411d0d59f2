// The subscriptions feature's face for other features: a customer's subscriptions (the customer page)
// and a product's prices (the products page).
export { CustomerSubscriptionsCard } from './components/customer-subscriptions-card.tsx';
export { ProductPricesCard } from './components/product-prices-card.tsx';
export { TestClockSelect } from './components/test-clock-select.tsx';
