import { act } from '@testing-library/react';
import { vi } from 'vitest';

/**
 * A controllable IntersectionObserver for component tests (happy-dom's never calls back): the test
 * says when an element comes into view, how much of it, and when it leaves. Install it in a
 * beforeEach and undo it with vi.unstubAllGlobals().
 */
export type FakeIntersectionObservers = {
  /** Every observer created since install, with the options it was given. */
  readonly observers: readonly FakeObserver[];
  /** Whether some connected observer watches this element. */
  isObserved: (el: Element) => boolean;
  /** The elements connected observers watch, in the order they were observed. */
  observed: () => Element[];
  /** The element is now `ratio` visible (0 < ratio ≤ 1): every observer watching it is told. */
  enter: (el: Element, ratio?: number) => void;
  /** The element has left the viewport. */
  leave: (el: Element) => void;
};

export type FakeObserver = IntersectionObserver & { readonly targets: ReadonlySet<Element> };

export function installFakeIntersectionObserver(): FakeIntersectionObservers {
  const observers: FakeObserver[] = [];

  class FakeIntersectionObserver implements IntersectionObserver {
    readonly root: Element | Document | null;
    readonly rootMargin: string;
    readonly scrollMargin = '0px';
    readonly thresholds: ReadonlyArray<number>;
    readonly targets = new Set<Element>();
    readonly #callback: IntersectionObserverCallback;

    constructor(callback: IntersectionObserverCallback, options: IntersectionObserverInit = {}) {
      this.#callback = callback;
      this.root = options.root ?? null;
      this.rootMargin = options.rootMargin ?? '0px';
      const t = options.threshold ?? 0;
      this.thresholds = Array.isArray(t) ? [...t] : [t as number];
      observers.push(this);
    }
    observe(el: Element): void {
      this.targets.add(el);
    }
    unobserve(el: Element): void {
      this.targets.delete(el);
    }
    disconnect(): void {
      this.targets.clear();
    }
    takeRecords(): IntersectionObserverEntry[] {
      return [];
    }
    notify(el: Element, ratio: number): void {
      if (!this.targets.has(el)) return;
      const rect = el.getBoundingClientRect();
      const entry = {
        target: el,
        isIntersecting: ratio > 0,
        intersectionRatio: ratio,
        boundingClientRect: rect,
        intersectionRect: rect,
        rootBounds: null,
        time: performance.now(),
      } as IntersectionObserverEntry;
      this.#callback([entry], this);
    }
  }

  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);

  const tell = (el: Element, ratio: number) =>
    act(() => {
      for (const o of [...observers]) (o as unknown as FakeIntersectionObserver).notify(el, ratio);
    });

  return {
    observers,
    isObserved: (el) => observers.some((o) => o.targets.has(el)),
    observed: () => [...new Set(observers.flatMap((o) => [...o.targets]))],
    enter: (el, ratio = 1) => tell(el, ratio),
    leave: (el) => tell(el, 0),
  };
}
