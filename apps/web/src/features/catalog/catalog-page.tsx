import { ComingSoon } from '../../components/coming-soon.tsx';

export function CatalogPage() {
  return (
    <ComingSoon
      title="Catalog"
      description="Every merchant's products in one searchable list, with activate and deactivate."
    />
  );
}
