// What `react` resolves to in the build and the unit tests (vite.config.ts aliases): preact/compat
// plus React 19's useOptimistic, which react-router 8 imports, a startTransition / useTransition that
// track async actions (useOptimistic needs them), React's onChange for a text field's native
// change event, and React's focusing of an `autoFocus` element when it mounts.
import compat from 'preact/compat';
import { installAutoFocus } from './auto-focus';
import { installChangeEvents } from './change-event';
import { startTransition, useOptimistic, useTransition } from './transitions';

installChangeEvents();
installAutoFocus();

export * from 'preact/compat';
export { startTransition, useOptimistic, useTransition };
export default { ...compat, startTransition, useOptimistic, useTransition };
