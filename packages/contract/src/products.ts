// Products (docs/ARCHITECTURE.md: app 3 PR), their uploaded images and the merchant-scoped list query
// shared by the merchant-portal lists (docs/product-rules.md#product-checkout, docs/product-rules.md#entities: product checkout data).
import { z } from 'zod';
import { currencyCode, listQuery, minorAmount, recordTimestamps, sortOrders } from './common.ts';
import { CURRENCY_SYMBOLS } from './currencies.ts';
import { maxChars } from './text-length.ts';

/** An ISO 4217 code Kassa knows how to display and round (docs/product-rules.md#entities: the ~200-code table). */
export const knownCurrency = currencyCode.refine((c) => c in CURRENCY_SYMBOLS, 'Unknown currency code');

/** A master merchant reads a sub-merchant's data by passing its id (docs/ARCHITECTURE.md: read-only). */
export const merchantFilter = z.uuid({ message: 'Not a valid merchant id' }).optional();
export const merchantListQuery = listQuery.extend({ merchant_id: merchantFilter });
export type MerchantListQuery = z.infer<typeof merchantListQuery>;
export const merchantReadQuery = z.object({ merchant_id: merchantFilter });

// Uploaded images: the server checks the bytes, not the name or the declared type.
export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const UPLOADS_PATH = '/apiv1/uploads/';
/** Only images uploaded to Kassa itself: no outside URL (tracking pixels, CSP) ends up on a checkout page. */
export const uploadedImage = z
  .string()
  .regex(/^\/apiv1\/uploads\/[0-9a-f-]{36}\.(png|jpg|webp)$/, 'Upload the image first')
  .nullable();
/** What an upload is for: it decides who may send it (a logo is the business profile's). */
export const UPLOAD_PURPOSES = ['product', 'logo'] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];
export const uploadQuery = z.object({
  purpose: z.enum(UPLOAD_PURPOSES, { message: 'Use product or logo' }).default('product'),
});
export const uploadResult = z.object({ url: z.string(), content_type: z.enum(IMAGE_TYPES), size: z.number().int() });
export type UploadResult = z.infer<typeof uploadResult>;

// docs/product-rules.md#product-checkout: message_type 1 shows the message after payment; 2 redirects to it after 300 ms.
export const MESSAGE_TYPE = { MESSAGE: 1, REDIRECT: 2 } as const;
/** A redirect target a buyer may be sent to: https anywhere, plain http only to the local machine. */
export const isRedirectUrl = (value: string) =>
  /^https:\/\/[^\s/]+\S*$|^http:\/\/localhost(:\d+)?(\/\S*)?$/i.test(value);
export const REDIRECT_URL_MESSAGE = 'Use an https:// address (http:// only for localhost)';

export const RICH_TEXT_MAX = 20_000;

const productFields = z.object({
  name: maxChars(z.string().trim().min(1, 'Enter the product name'), 120, 'Name is too long'),
  description: maxChars(z.string().trim(), 2000, 'Description is too long'),
  price_per_unit: minorAmount.min(1, 'Enter a price above zero'),
  currency: knownCurrency,
  image: uploadedImage,
  message_type: z.union([z.literal(1), z.literal(2)]),
  message: maxChars(z.string().trim(), 2000, 'Message is too long'),
  comment: z.string().max(RICH_TEXT_MAX, 'Comment is too long').nullable(),
  is_active: z.boolean(),
  /** A recurring price of the merchant: the checkout then subscribes (docs/product-rules.md#subscribing-at-checkout). */
  recurring_price_id: z.uuid({ message: 'Choose a recurring price' }).nullable(),
});

const redirectNeedsUrl = (v: { message_type?: number; message?: string }, ctx: z.RefinementCtx) => {
  if (v.message_type === MESSAGE_TYPE.REDIRECT && v.message !== undefined && !isRedirectUrl(v.message)) {
    ctx.addIssue({ code: 'custom', path: ['message'], message: REDIRECT_URL_MESSAGE });
  }
};

export const productCreate = productFields
  .partial({
    description: true,
    image: true,
    message_type: true,
    message: true,
    comment: true,
    is_active: true,
    recurring_price_id: true,
  })
  .superRefine((v, ctx) => redirectNeedsUrl({ message_type: v.message_type, message: v.message ?? '' }, ctx));
export type ProductCreate = z.infer<typeof productCreate>;
export const productPatch = productFields.partial().superRefine(redirectNeedsUrl);
export type ProductPatch = z.infer<typeof productPatch>;

/**
 * A product and a quick payment are both sold through a checkout link and come back with the same
 * fields around what each sells (`offer`: its price and what goes with it) and what each counts of
 * its sales (`sales`).
 */
export const checkoutLinkSchema = <Offer extends z.ZodRawShape, Sales extends z.ZodRawShape>(
  offer: Offer,
  sales: Sales,
) =>
  z.object({
    id: z.string(),
    merchant_id: z.string(),
    name: z.string(),
    description: z.string(),
    ...offer,
    comment: z.string().nullable(),
    is_active: z.boolean(),
    checkout_url: z.string(),
    ...sales,
    ...recordTimestamps,
  });

export const productSchema = checkoutLinkSchema(
  {
    /** Minor units. */
    price_per_unit: z.number().int(),
    currency: z.string(),
    image: z.string().nullable(),
    message_type: z.number().int(),
    message: z.string(),
    recurring_price_id: z.string().nullable(),
  },
  {},
);
export type Product = z.infer<typeof productSchema>;

/** The short form used by pickers (quick payments, invoice lines). */
export const productOption = productSchema.pick({
  id: true,
  name: true,
  price_per_unit: true,
  currency: true,
  image: true,
});
export type ProductOption = z.infer<typeof productOption>;

export const PRODUCT_SORTS = sortOrders('created_at', 'name', 'price_per_unit');
export const productListQuery = merchantListQuery.extend({ sort_by: z.enum(PRODUCT_SORTS).optional() });
