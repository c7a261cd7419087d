import { describe, expect, it } from 'vitest';
import { watchForUpdates } from './sw-takeover';

/**
 * The browser's service-worker objects as the page sees them (event targets with a state), driven
 * here by hand: the takeover itself runs in Chromium in e2e/tests/installable-offline.spec.ts.
 */
class FakeWorker extends EventTarget {
  state: ServiceWorkerState = 'installing';
  readonly messages: unknown[] = [];
  postMessage(message: unknown) {
    this.messages.push(message);
  }
  become(state: ServiceWorkerState) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

class FakeRegistration extends EventTarget {
  installing: FakeWorker | null = null;
  waiting: FakeWorker | null = null;
  found(worker: FakeWorker) {
    this.installing = worker;
    this.dispatchEvent(new Event('updatefound'));
  }
}

class FakeContainer extends EventTarget {
  constructor(public controller: FakeWorker | null) {
    super();
  }
  controlledBy(worker: FakeWorker) {
    this.controller = worker;
    this.dispatchEvent(new Event('controllerchange'));
  }
}

function watch(registration: FakeRegistration, container: FakeContainer) {
  const offers: (() => void)[] = [];
  let reloads = 0;
  watchForUpdates(registration as unknown as ServiceWorkerRegistration, {
    container: container as unknown as ServiceWorkerContainer,
    offer: (accept) => offers.push(accept),
    reload: () => reloads++,
  });
  return { offers, reloads: () => reloads };
}

describe('watchForUpdates', () => {
  it('offers a new version found while the page runs, and tells it to take over only when accepted', () => {
    const registration = new FakeRegistration();
    const container = new FakeContainer(new FakeWorker());
    const { offers, reloads } = watch(registration, container);
    const next = new FakeWorker();
    registration.found(next);
    expect(offers).toHaveLength(0);
    next.become('installed');
    expect(offers).toHaveLength(1);
    expect(next.messages).toEqual([]);
    offers[0]!();
    expect(next.messages).toEqual([{ type: 'SKIP_WAITING' }]);
    container.controlledBy(next);
    expect(reloads()).toBe(1);
  });

  it('offers a version already waiting, or still installing, when the page starts', () => {
    const waiting = new FakeRegistration();
    waiting.waiting = new FakeWorker();
    waiting.waiting.state = 'installed';
    expect(watch(waiting, new FakeContainer(new FakeWorker())).offers).toHaveLength(1);

    const installing = new FakeRegistration();
    installing.installing = new FakeWorker();
    const { offers } = watch(installing, new FakeContainer(new FakeWorker()));
    expect(offers).toHaveLength(0);
    installing.installing.become('installed');
    expect(offers).toHaveLength(1);
  });

  it('neither offers nor reloads on the first install, which takes a page that had no worker', () => {
    const registration = new FakeRegistration();
    const container = new FakeContainer(null);
    const { offers, reloads } = watch(registration, container);
    const first = new FakeWorker();
    registration.found(first);
    first.become('installed');
    first.become('activated');
    container.controlledBy(first);
    expect(offers).toHaveLength(0);
    expect(reloads()).toBe(0);

    // A later release on that page is offered, and reloads it once it takes over.
    const next = new FakeWorker();
    registration.found(next);
    next.become('installed');
    expect(offers).toHaveLength(1);
    container.controlledBy(next);
    expect(reloads()).toBe(1);
  });

  it('reloads a page whose worker was replaced from another tab, where the person accepted', () => {
    const registration = new FakeRegistration();
    const container = new FakeContainer(new FakeWorker());
    const { reloads } = watch(registration, container);
    container.controlledBy(new FakeWorker());
    expect(reloads()).toBe(1);
  });
});
