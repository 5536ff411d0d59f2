// The platform-wide catalog (docs/ARCHITECTURE.md): every merchant's products, activate / deactivate.
import type { CatalogItem } from '@kassa/contract/catalog';
import type { Page } from '@kassa/contract/common';
import useSWR from 'swr';
import { apiPatch } from '../../../lib/api-client.ts';

export const CATALOG_PATH = '/catalog/';

export const useCatalog = (query: string) =>
  useSWR<Page<CatalogItem>>(`${CATALOG_PATH}${query}`, { keepPreviousData: true });

export const setProductActive = (id: string, isActive: boolean) =>
  apiPatch<CatalogItem>(`${CATALOG_PATH}${encodeURIComponent(id)}/`, { is_active: isActive });
