// Pages are loaded on first visit (docs/ARCHITECTURE.md#layers: every route is lazy). Feature
// modules export their pages by name, while React.lazy wants a default export: lazyPage bridges the
// two, so each route states only where its page lives and what it is called.
import { type ComponentType, lazy } from 'react';

export function lazyPage<Name extends string, Props>(
  load: () => Promise<Record<Name, ComponentType<Props>>>,
  name: Name,
) {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}
