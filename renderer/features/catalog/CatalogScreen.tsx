import { ScreenPlaceholder } from '../../ui/ScreenPlaceholder';

export function CatalogScreen() {
  return <ScreenPlaceholder title="Catalog" description="Every GPU and every way to rent or buy it, with dated, sourced prices." />;
}
