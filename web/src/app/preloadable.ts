import { createElement, lazy, type ComponentType } from 'react';

/** A lazily loaded component that can be asked to load ahead of its first render. */
export type Preloadable<P extends object = object> = ComponentType<P> & { preload: () => Promise<unknown> };

/**
 * A component of a lazily loaded module. `preload` starts loading it before React asks
 * (app/opened-screen.ts). Once loaded it renders at once: `React.lazy` alone suspends on its first
 * render even when the module is in, and React then draws it in a retry, in 5 ms slices between
 * the browser's other tasks (docs/web.md, "The opened screen drawn in one go").
 */
export function preloadable<M, P extends object = object>(load: () => Promise<M>, pick: (module: M) => ComponentType<P>): Preloadable<P> {
  let loaded: ComponentType<P> | undefined;
  const preload = () =>
    load().then((module) => {
      loaded = pick(module);
      return loaded;
    });
  const Lazy = lazy(async () => ({ default: await preload() }));
  const Component = (props: P) => createElement((loaded ?? Lazy) as ComponentType<P>, props);
  return Object.assign(Component, { preload });
}
