import { options, type Ref, type VNode } from 'preact';

/**
 * React focuses an element rendered with `autoFocus` when it mounts; preact/compat only sets the
 * `autofocus` attribute, which browsers honour on page load, not for elements added later (a
 * place search opened by a tap). This focuses such an element once, when its ref is attached
 * (after it is in the document). The ref that does it wraps the element's own ref and keeps one
 * identity per wrapped ref, so Preact does not detach and re-attach refs on every render.
 */
type RefFn = (el: Element | null) => unknown;

const focused = new WeakSet<Element>();
const wrapped = new WeakMap<object, RefFn>();

function focusOnce(el: Element | null): void {
  if (!el || focused.has(el) || !(el instanceof HTMLElement)) return;
  focused.add(el);
  el.focus();
}

const focusOnMount: RefFn = (el) => focusOnce(el);

function withFocus(ref: Ref<Element> | null | undefined): RefFn {
  if (!ref) return focusOnMount;
  let fn = wrapped.get(ref);
  if (!fn) {
    fn = (el) => {
      const cleanup = typeof ref === 'function' ? ref(el) : ((ref.current = el), undefined);
      focusOnce(el);
      return cleanup;
    };
    wrapped.set(ref, fn);
  }
  return fn;
}

let installed = false;

export function installAutoFocus(): void {
  if (installed) return;
  installed = true;
  const next = options.vnode;
  options.vnode = (vnode: VNode) => {
    const props = vnode.props as { autoFocus?: unknown };
    if (typeof vnode.type === 'string' && props.autoFocus) {
      (vnode as { ref?: unknown }).ref = withFocus(vnode.ref as Ref<Element> | null | undefined);
    }
    next?.(vnode);
  };
}
