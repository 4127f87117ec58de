import type { Catalog } from './entities';

/**
 * `build` run once per catalog and kept while the catalog lives. A catalog never changes once
 * made (a new data version makes a new one), so whatever is derived from it can be kept with it.
 */
export function perCatalog<T>(build: (catalog: Catalog) => T): (catalog: Catalog) => T {
  const built = new WeakMap<Catalog, T>();
  return (catalog) => {
    let value = built.get(catalog);
    if (value === undefined) {
      value = build(catalog);
      built.set(catalog, value);
    }
    return value;
  };
}
