// Browser APIs that Radix primitives call and jsdom lacks; node-environment tests skip all of this.
if (typeof window !== 'undefined') {
  // The slider measures its thumb; jsdom lays nothing out, so there is nothing to observe.
  window.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
