import { options, type VNode } from 'preact';

/**
 * React fires a text field's onChange for the native `input` event and also for a native `change`
 * event when the value differs from the last one it knew (a field filled by script or an autofill
 * that dispatches only `change`, and Testing Library's fireEvent.change). preact/compat listens to
 * `input` only. This adds React's `change` path: the handler runs when the value differs from the
 * value the app rendered (controlled field) or the last value a handler saw, else from the field's
 * initial value. Installed once, before compat renames onChange to onInput.
 */
const LAST_VALUE = Symbol('lastChangeValue');
type Field = (HTMLInputElement | HTMLTextAreaElement) & { [LAST_VALUE]?: string };
type Handler = (this: unknown, event: Event) => unknown;
type FieldProps = {
  type?: string;
  value?: unknown;
  onChange?: Handler;
  onInput?: Handler;
  onChangeCapture?: Handler;
};

/** The input types whose onChange already is the native change event in preact/compat. */
const NATIVE_CHANGE_TYPES = /fil|che|rad/;

function withChangePath(props: FieldProps): void {
  const onChange = props.onChange;
  if (typeof onChange !== 'function' || NATIVE_CHANGE_TYPES.test(props.type ?? '')) return;
  const rendered = props.value === undefined || props.value === null ? undefined : String(props.value);
  props.onChange = function (this: unknown, event: Event) {
    (event.currentTarget as Field)[LAST_VALUE] = (event.currentTarget as Field).value;
    return onChange.call(this, event);
  };
  const ownCapture = props.onChangeCapture;
  props.onChangeCapture = function (this: unknown, event: Event) {
    if (typeof ownCapture === 'function') ownCapture.call(this, event);
    const field = event.currentTarget as Field;
    const known = rendered ?? field[LAST_VALUE] ?? field.defaultValue;
    if (field.value === known) return;
    field[LAST_VALUE] = field.value;
    return onChange.call(this, event);
  };
}

let installed = false;

export function installChangeEvents(): void {
  if (installed) return;
  installed = true;
  const next = options.vnode;
  options.vnode = (vnode: VNode) => {
    if (vnode.type === 'input' || vnode.type === 'textarea') withChangePath(vnode.props as FieldProps);
    next?.(vnode);
  };
}
