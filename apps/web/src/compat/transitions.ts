import { options } from 'preact';
import { useRef, useState } from 'preact/hooks';

/**
 * React 19's transitions for Preact: `startTransition` that tracks async actions and lets the
 * render wait, `useTransition`, and `useOptimistic` (preact/compat 11 has no useOptimistic and runs
 * a transition's callback and its render at once).
 *
 * A transition's render runs in a task of its own after the current one, as React allows: react-
 * router updates its state in transitions, so a route's render no longer joins the task that loaded
 * it (one long task on a slow phone). Preact does not slice a render the way React does.
 *
 * Preact renders the whole update at once, so a transition is pending only while an async action (a
 * callback returning a promise) has not settled; overlapping async actions are entangled into one
 * scope, as in React, and every optimistic update made in that scope is dropped when the last of
 * them settles. A synchronous transition ends when its callback returns: its optimistic updates and
 * its real updates land in the same render, so the result is the real state, what React commits
 * once such a transition finishes. (react-router 8 calls `useOptimistic(state)` in RouterProvider
 * and only sets it inside a synchronous `startTransition` when `useTransitions` is on.)
 */
type Scope = { running: number; pending: number; onDone: Set<() => void> };

/** The scope of the transition callback running now. */
let running: Scope | null = null;
/** The entangled scope of the async actions that have not settled yet. */
let pendingScope: Scope | null = null;

function finishIfDone(scope: Scope): void {
  if (scope.running > 0 || scope.pending > 0) return;
  if (pendingScope === scope) pendingScope = null;
  const callbacks = [...scope.onDone];
  scope.onDone.clear();
  for (const callback of callbacks) callback();
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    value !== null &&
    (typeof value === 'object' || typeof value === 'function') &&
    typeof (value as { then?: unknown }).then === 'function'
  );
}

let channelTask: ((flush: () => void) => void) | null = null;

/**
 * A task after this one: a MessageChannel message (no 4 ms clamp). The channel is made on first use:
 * an open port made at import would keep a Node process importing the app (the server's render of
 * the feed's first screen) alive.
 */
function laterTask(flush: () => void): void {
  if (typeof MessageChannel === 'undefined') {
    setTimeout(flush, 0);
    return;
  }
  channelTask ??= (() => {
    const queue: (() => void)[] = [];
    const channel = new MessageChannel();
    channel.port1.onmessage = () => queue.shift()?.();
    return (next: () => void) => {
      queue.push(next);
      channel.port2.postMessage(null);
    };
  })();
  channelTask(flush);
}

/** Run `callback` so that the renders its updates schedule happen in a later task. */
function withRendersLater(callback: () => unknown): unknown {
  // act() in tests and flushSync collect renders themselves: leave theirs alone.
  if (options.debounceRendering) return callback();
  options.debounceRendering = laterTask;
  try {
    return callback();
  } finally {
    options.debounceRendering = undefined;
  }
}

export function startTransition(callback: () => unknown): void {
  const scope = running ?? pendingScope ?? { running: 0, pending: 0, onDone: new Set<() => void>() };
  const outer = running;
  running = scope;
  scope.running += 1;
  try {
    const result = withRendersLater(callback);
    if (isThenable(result)) {
      scope.pending += 1;
      pendingScope = scope;
      const settle = () => {
        scope.pending -= 1;
        finishIfDone(scope);
      };
      result.then(settle, settle);
    }
  } finally {
    scope.running -= 1;
    running = outer;
    finishIfDone(scope);
  }
}

/** `[isPending, startTransition]`: pending while an async action it started (and its entangled scope) runs. */
export function useTransition(): [boolean, typeof startTransition] {
  const [isPending, setPending] = useState(false);
  const start = useRef<typeof startTransition | null>(null);
  start.current ??= (callback) =>
    startTransition(() => {
      const result = callback();
      const scope = running;
      if (isThenable(result) && scope) {
        setPending(true);
        scope.onDone.add(() => setPending(false));
      }
      return result;
    });
  return [isPending, start.current];
}

type Update<A> = { action: A; scope: Scope };

function basicStateReducer<S>(state: S, action: unknown): S {
  return typeof action === 'function' ? (action as (s: S) => S)(state) : (action as S);
}

export function useOptimistic<S>(passthrough: S): [S, (action: S | ((pending: S) => S)) => void];
export function useOptimistic<S, A>(passthrough: S, reducer: (state: S, action: A) => S): [S, (action: A) => void];
export function useOptimistic<S, A>(passthrough: S, reducer?: (state: S, action: A) => S): [S, (action: A) => void] {
  const [updates, setUpdates] = useState<readonly Update<A>[]>([]);
  const dispatch = useRef<((action: A) => void) | null>(null);
  dispatch.current ??= (action: A) => {
    const joined = running ?? pendingScope;
    if (!joined && import.meta.env.DEV) {
      console.error('An optimistic state update occurred outside a transition or action: it is reverted at once.');
    }
    // Outside any transition or action, the update is its own scope that ends at once (React reverts it too).
    const scope = joined ?? { running: 0, pending: 0, onDone: new Set<() => void>() };
    setUpdates((list) => [...list, { action, scope }]);
    scope.onDone.add(() => setUpdates((list) => list.filter((u) => u.scope !== scope)));
    finishIfDone(scope);
  };
  const reduce = reducer ?? basicStateReducer;
  const state = updates.reduce<S>((s, u) => reduce(s, u.action), passthrough);
  return [state, dispatch.current];
}
