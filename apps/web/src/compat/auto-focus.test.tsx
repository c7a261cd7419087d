import { act, fireEvent, render, screen } from '@testing-library/react';
import { useEffect, useRef, useState } from 'react';
import { describe, expect, it } from 'vitest';

// 'react' is preact/compat plus ./auto-focus here (vitest.config.ts aliases), as in the build.

function Search({ onAttached }: { onAttached: (el: HTMLInputElement | null) => void }) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (open) onAttached(ref.current);
  }, [open, onAttached]);
  return (
    <div>
      <button type="button" onClick={() => setOpen(true)}>
        Change
      </button>
      <button type="button" onClick={() => setText((t) => `${t}!`)}>
        Rerender
      </button>
      {open ? <input ref={ref} aria-label="Place" autoFocus value={text} onChange={() => undefined} /> : null}
    </div>
  );
}

describe('autoFocus (React focuses the element when it mounts)', () => {
  it('focuses a field that appears later, once, and still attaches its own ref', async () => {
    let attached: HTMLInputElement | null = null;
    render(<Search onAttached={(el) => (attached = el)} />);
    fireEvent.click(screen.getByRole('button', { name: 'Change' }));
    const field = screen.getByLabelText('Place');
    expect(document.activeElement).toBe(field);

    const other = screen.getByRole('button', { name: 'Rerender' });
    other.focus();
    await act(async () => fireEvent.click(other));
    expect(document.activeElement).toBe(other);
    expect(attached).toBe(field);
  });
});
