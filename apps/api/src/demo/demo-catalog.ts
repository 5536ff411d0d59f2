// The fixed part of the demo: industry types, the three merchants, their products
// and quick payments, and the accounts listed in the README. Everything random lives in
// demo-activity.ts; nothing here touches the database.
import { ACCESS, APP, ROLE } from '@kassa/contract/access';

export const DEMO_PASSWORD = 'Kassa-demo-2026!';

export const DEMO_INDUSTRY_TYPES = [
  { name: 'Retail', description: 'Shops selling goods to consumers, online or in store' },
  { name: 'Bicycles', description: 'Bicycle sales, rentals and repair' },
  { name: 'Food & Beverage', description: 'Cafés, restaurants and food producers' },
  { name: 'Professional services', description: 'Consulting, design, legal and accounting' },
  { name: 'Health & Fitness', description: 'Gyms, studios and wellness' },
  { name: 'Travel & Outdoor', description: 'Tours, guides and outdoor equipment' },
] as const;

export type DemoMerchantKey = 'acme' | 'bolt' | 'cedar';

export interface DemoProduct {
  name: string;
  description: string;
  price: number; // minor units, USD
  messageType: 1 | 2;
  message: string;
}

export interface DemoMerchant {
  key: DemoMerchantKey;
  name: string;
  email: string;
  phone: string; // E.164; 555-01xx numbers are reserved for fiction
  address: string;
  city: string;
  state: string;
  zipCode: string;
  website: string;
  industry: (typeof DEMO_INDUSTRY_TYPES)[number]['name'];
  logoColor: string;
  master?: DemoMerchantKey;
  products: DemoProduct[];
  quickPayments: { name: string; description: string; amount: number; expiresInDays?: number }[];
  invoicePrefix: string;
}

const thanks = (name: string) => `Thank you for shopping with ${name}! Your receipt is on its way by e-mail.`;

export const DEMO_MERCHANTS: readonly DemoMerchant[] = [
  {
    key: 'acme',
    name: 'Acme Outfitters',
    email: 'hello@acme.example',
    phone: '+14155550123',
    address: '1200 Market Street, Suite 400',
    city: 'San Francisco',
    state: 'CA',
    zipCode: '94102',
    website: 'https://acme.example',
    industry: 'Retail',
    logoColor: '#2f5d8a',
    invoicePrefix: 'ACME',
    products: [
      {
        name: 'Trail Runner Jacket',
        description: 'Waterproof, breathable shell',
        price: 12_900,
        messageType: 1,
        message: thanks('Acme Outfitters'),
      },
      {
        name: 'Merino Base Layer',
        description: 'Long-sleeve, 200 g/m²',
        price: 6_450,
        messageType: 1,
        message: thanks('Acme Outfitters'),
      },
      {
        name: 'Summit Backpack 32L',
        description: 'Lightweight daypack with rain cover',
        price: 8_999,
        messageType: 1,
        message: thanks('Acme Outfitters'),
      },
      {
        name: 'Insulated Bottle',
        description: '750 ml, keeps cold for 24 h',
        price: 2_800,
        messageType: 1,
        message: thanks('Acme Outfitters'),
      },
      {
        name: 'Gift Card $50',
        description: 'Redeemable in store and online',
        price: 5_000,
        messageType: 2,
        message: 'https://example.com/thanks',
      },
    ],
    quickPayments: [
      { name: 'Gear rental deposit', description: 'Refundable deposit for rental equipment', amount: 15_000 },
      {
        name: 'Wilderness first aid class',
        description: 'Saturday workshop, 4 hours',
        amount: 7_500,
        expiresInDays: 60,
      },
    ],
  },
  {
    key: 'bolt',
    name: 'Bolt Bikes',
    email: 'hello@bolt.example',
    phone: '+15035550147',
    address: '815 SE Hawthorne Blvd',
    city: 'Portland',
    state: 'OR',
    zipCode: '97214',
    website: 'https://bolt.example',
    industry: 'Bicycles',
    logoColor: '#d9480f',
    master: 'acme',
    invoicePrefix: 'BOLT',
    products: [
      {
        name: 'City Commuter Bike',
        description: '8-speed hub, fenders and rack',
        price: 74_900,
        messageType: 1,
        message: thanks('Bolt Bikes'),
      },
      {
        name: 'Full Tune-Up',
        description: 'Gears, brakes, wheels trued',
        price: 8_500,
        messageType: 1,
        message: thanks('Bolt Bikes'),
      },
      {
        name: 'LED Light Set',
        description: 'USB-rechargeable front and rear',
        price: 4_200,
        messageType: 1,
        message: thanks('Bolt Bikes'),
      },
      {
        name: 'Helmet MIPS',
        description: 'Certified, three sizes',
        price: 6_900,
        messageType: 2,
        message: 'https://example.com/thanks',
      },
    ],
    quickPayments: [
      { name: 'Repair deposit', description: 'Deposit for parts on order', amount: 5_000 },
      { name: 'Group ride fee', description: 'Sunday social ride with coffee', amount: 1_500, expiresInDays: 30 },
    ],
  },
  {
    key: 'cedar',
    name: 'Cedar Café',
    email: 'hello@cedar.example',
    phone: '+12065550188',
    address: '1520 Pike Place',
    city: 'Seattle',
    state: 'WA',
    zipCode: '98101',
    website: 'https://cedar.example',
    industry: 'Food & Beverage',
    logoColor: '#2b8a3e',
    invoicePrefix: 'CEDAR',
    products: [
      {
        name: 'House Blend Beans 1 lb',
        description: 'Medium roast, whole bean',
        price: 1_650,
        messageType: 1,
        message: thanks('Cedar Café'),
      },
      {
        name: 'Pour-Over Kit',
        description: 'Ceramic dripper, filters and scale',
        price: 4_800,
        messageType: 1,
        message: thanks('Cedar Café'),
      },
      {
        name: 'Pastry Box',
        description: 'Six pastries baked this morning',
        price: 2_400,
        messageType: 1,
        message: thanks('Cedar Café'),
      },
      {
        name: 'Coffee Subscription (monthly)',
        description: 'Two bags a month, free shipping',
        price: 3_200,
        messageType: 2,
        message: 'https://example.com/thanks',
      },
    ],
    quickPayments: [
      { name: 'Catering deposit', description: 'Deposit for office catering orders', amount: 10_000 },
      { name: 'Latte art class', description: 'Two-hour class for two', amount: 6_000, expiresInDays: 45 },
    ],
  },
];

export interface DemoUser {
  email: string;
  firstName: string;
  lastName: string;
  role: number;
  merchant?: DemoMerchantKey;
  adminPermissions?: { viewMerchant: 0 | 1; viewCatalog: 0 | 1; viewTransactions: 0 | 1; viewIndustryType: 0 | 1 };
  appAccess?: { app: number; access: number[] }[];
  note: string;
}

export const DEMO_USERS: readonly DemoUser[] = [
  {
    email: 'admin@kassa.local',
    firstName: 'Platform',
    lastName: 'Admin',
    role: ROLE.PLATFORM_ADMIN,
    note: 'platform admin',
  },
  {
    email: 'staffadmin@kassa.local',
    firstName: 'Sam',
    lastName: 'Staff',
    role: ROLE.STAFF_ADMIN,
    adminPermissions: { viewMerchant: 1, viewCatalog: 0, viewTransactions: 1, viewIndustryType: 0 },
    note: 'staff admin: merchants + transactions',
  },
  {
    email: 'owner@acme.example',
    firstName: 'Alex',
    lastName: 'Morgan',
    role: ROLE.MERCHANT_OWNER,
    merchant: 'acme',
    note: 'owner',
  },
  {
    email: 'staff@acme.example',
    firstName: 'Jamie',
    lastName: 'Lee',
    role: ROLE.MERCHANT_STAFF,
    merchant: 'acme',
    note: 'staff',
  },
  {
    email: 'clerk@acme.example',
    firstName: 'Chris',
    lastName: 'Park',
    role: ROLE.MERCHANT_SUB_USER,
    merchant: 'acme',
    appAccess: [
      { app: APP.PRODUCTS, access: [ACCESS.VIEW] },
      { app: APP.INVOICES, access: [ACCESS.VIEW, ACCESS.CREATE] },
    ],
    note: 'sub-user: Products view, Invoices view/create',
  },
  {
    email: 'owner@bolt.example',
    firstName: 'Riley',
    lastName: 'Chen',
    role: ROLE.MERCHANT_OWNER,
    merchant: 'bolt',
    note: 'owner',
  },
  {
    email: 'owner@cedar.example',
    firstName: 'Dana',
    lastName: 'Ortiz',
    role: ROLE.MERCHANT_OWNER,
    merchant: 'cedar',
    note: 'owner',
  },
];
