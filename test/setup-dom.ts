// Browser APIs that Radix primitives call and jsdom lacks; node-environment tests skip all of this.
if (typeof window !== 'undefined') {
  // The slider measures its thumb; jsdom lays nothing out, so there is nothing to observe.
  window.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

if (typeof Element !== 'undefined') {
  // Radix Select scrolls its chosen option into view and releases pointer capture; jsdom has neither.
  Element.prototype.scrollIntoView ??= () => {};
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => {};
}
