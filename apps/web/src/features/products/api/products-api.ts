// Product calls (docs/ARCHITECTURE.md: /product/ CRUD; uploads at POST /uploads/image/).
import type { Page } from '@kassa/contract/common';
import type { Product, ProductCreate, ProductPatch, UploadResult } from '@kassa/contract/products';
import useSWR from 'swr';
import { apiDelete, apiPatch, apiPost } from '../../../lib/api-client.ts';

/** `query` is the list's API query string (components/data-list/use-list-params.ts). */
export const useProducts = (query: string) => useSWR<Page<Product>>(`/product/${query}`, { keepPreviousData: true });

export const createProduct = (body: ProductCreate) => apiPost<Product>('/product/', body);
export const updateProduct = (id: string, body: ProductPatch) =>
  apiPatch<Product>(`/product/${encodeURIComponent(id)}/`, body);
export const deleteProduct = (id: string) => apiDelete<null>(`/product/${encodeURIComponent(id)}/`);

/** Multipart upload in the field "file"; the server checks the bytes and the size. */
export function uploadImage(file: File) {
  const form = new FormData();
  form.append('file', file);
  return apiPost<UploadResult>('/uploads/image/', form).then((r) => r.result);
}
