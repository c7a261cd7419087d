import { act, render, screen } from '@testing-library/react';
import { startTransition, useEffect, useOptimistic, useState, useTransition } from 'react';
import { describe, expect, it, vi } from 'vitest';

// 'react' is preact/compat plus ./optimistic here (vitest.config.ts aliases), as in the build.

type Controls = {
  setReal: (value: string) => void;
  addOptimistic: (value: string) => void;
};

function Probe({ controls }: { controls: Partial<Controls> }) {
  const [real, setReal] = useState('real');
  const [shown, addOptimistic] = useOptimistic(real);
  useEffect(() => {
    Object.assign(controls, { setReal, addOptimistic });
  }, [controls, setReal, addOptimistic]);
  return <p data-testid="shown">{shown}</p>;
}

const shown = () => screen.getByTestId('shown').textContent;

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('useOptimistic (React 19 semantics on Preact)', () => {
  it('shows the passthrough value while nothing is pending', () => {
    render(<Probe controls={{}} />);
    expect(shown()).toBe('real');
  });

  it("a synchronous transition's optimistic update gives way to its real update in the same render", async () => {
    const controls: Partial<Controls> = {};
    render(<Probe controls={controls} />);
    await act(async () => {
      startTransition(() => {
        controls.addOptimistic!('optimistic');
        controls.setReal!('next');
      });
    });
    expect(shown()).toBe('next');
  });

  it('keeps an optimistic value while an async action runs, then shows the real state', async () => {
    const controls: Partial<Controls> = {};
    render(<Probe controls={controls} />);
    const server = deferred();
    await act(async () => {
      startTransition(async () => {
        controls.addOptimistic!('saving…');
        await server.promise;
        controls.setReal!('saved');
      });
    });
    expect(shown()).toBe('saving…');
    await act(async () => {
      server.resolve();
      await server.promise;
    });
    expect(shown()).toBe('saved');
  });

  it('keeps optimistic updates until the last of overlapping actions settles (they are entangled)', async () => {
    const controls: Partial<Controls> = {};
    render(<Probe controls={controls} />);
    const first = deferred();
    const second = deferred();
    await act(async () => {
      startTransition(async () => {
        controls.addOptimistic!('one');
        await first.promise;
      });
      startTransition(async () => {
        controls.addOptimistic!('two');
        await second.promise;
      });
    });
    expect(shown()).toBe('two');
    await act(async () => {
      first.resolve();
      await first.promise;
    });
    expect(shown()).toBe('two');
    await act(async () => {
      second.resolve();
      await second.promise;
    });
    expect(shown()).toBe('real');
  });

  it('reverts an update made outside any transition or action at once, and says so in development', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const controls: Partial<Controls> = {};
    render(<Probe controls={controls} />);
    await act(async () => controls.addOptimistic!('stray'));
    expect(shown()).toBe('real');
    expect(error).toHaveBeenCalledWith(expect.stringContaining('outside a transition or action'));
  });

  it('applies a reducer and an updater function to the current passthrough value', async () => {
    const list: { add?: (item: string) => void; setBase?: (items: string[]) => void } = {};
    function List({ api }: { api: typeof list }) {
      const [base, setBase] = useState(['a']);
      const [items, add] = useOptimistic(base, (state: string[], item: string) => [...state, item]);
      useEffect(() => {
        Object.assign(api, { add, setBase });
      }, [api, add, setBase]);
      return <p data-testid="shown">{items.join(',')}</p>;
    }
    render(<List api={list} />);
    const { add, setBase } = list;
    const server = deferred();
    await act(async () => {
      startTransition(async () => {
        add!('b');
        await server.promise;
      });
    });
    expect(shown()).toBe('a,b');
    // The optimistic update is rebased on a new passthrough value.
    await act(async () => setBase!(['z']));
    expect(shown()).toBe('z,b');
    await act(async () => {
      server.resolve();
      await server.promise;
    });
    expect(shown()).toBe('z');

    const controls: Partial<Controls> = {};
    render(<Probe controls={controls} />);
    const later = deferred();
    await act(async () => {
      startTransition(async () => {
        (controls.addOptimistic as unknown as (update: (s: string) => string) => void)((s) => `${s}+1`);
        await later.promise;
      });
    });
    expect(screen.getAllByTestId('shown')[1]?.textContent).toBe('real+1');
    later.resolve();
  });
});

describe('startTransition', () => {
  it("renders a transition's update in a later task, an urgent one in the current task", async () => {
    const controls: Partial<Controls> = {};
    render(<Probe controls={controls} />);
    const microtasks = async () => {
      for (let i = 0; i < 5; i++) await Promise.resolve();
    };
    // Outside act(), which would collect and flush the renders itself.
    startTransition(() => controls.setReal!('later'));
    await microtasks();
    expect(shown()).toBe('real');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(shown()).toBe('later');

    controls.setReal!('now');
    await microtasks();
    expect(shown()).toBe('now');
  });
});

describe('useTransition', () => {
  it('is pending while an async action it started runs', async () => {
    const api: { start?: (callback: () => unknown) => void } = {};
    function Pending({ api }: { api: { start?: (callback: () => unknown) => void } }) {
      const [isPending, start] = useTransition();
      useEffect(() => {
        Object.assign(api, { start });
      }, [api, start]);
      return <p data-testid="shown">{isPending ? 'pending' : 'idle'}</p>;
    }
    render(<Pending api={api} />);
    const server = deferred();
    await act(async () => api.start!(() => server.promise));
    expect(shown()).toBe('pending');
    await act(async () => {
      server.resolve();
      await server.promise;
    });
    expect(shown()).toBe('idle');
  });
});
