import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';

// 'react' is preact/compat plus ./change-event here (vitest.config.ts aliases), as in the build.

describe("a text field's onChange (React's semantics on Preact)", () => {
  it('runs for the input event and for a change event with a new value, once per new value', () => {
    const onChange = vi.fn();
    render(<input aria-label="Name" onChange={(e) => onChange((e.target as HTMLInputElement).value)} />);
    const field = screen.getByLabelText('Name');
    fireEvent.input(field, { target: { value: 'Ravi' } });
    // The change event the browser sends on blur, same value: no second call.
    fireEvent.change(field, { target: { value: 'Ravi' } });
    // A value set without an input event (script, autofill, Testing Library): a call.
    fireEvent.change(field, { target: { value: 'Ravi Sharma' } });
    expect(onChange.mock.calls).toEqual([['Ravi'], ['Ravi Sharma']]);
  });

  it('does not run when a controlled field is changed back to the value the app rendered', () => {
    const seen: string[] = [];
    function Upper() {
      const [value, setValue] = useState('AB');
      return (
        <input
          aria-label="Code"
          value={value}
          onChange={(e) => {
            seen.push((e.target as HTMLInputElement).value);
            setValue((e.target as HTMLInputElement).value.toUpperCase());
          }}
        />
      );
    }
    render(<Upper />);
    const field = screen.getByLabelText('Code') as HTMLInputElement;
    fireEvent.change(field, { target: { value: 'AB' } });
    expect(seen).toEqual([]);
    fireEvent.change(field, { target: { value: 'abc' } });
    expect(seen).toEqual(['abc']);
  });

  it('runs once for a checkbox (its onChange already is the change event)', () => {
    const onChange = vi.fn();
    render(<input type="checkbox" aria-label="Agree" onChange={onChange} />);
    fireEvent.click(screen.getByLabelText('Agree'));
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('keeps an onChangeCapture of the app', () => {
    const capture = vi.fn();
    const onChange = vi.fn();
    render(<textarea aria-label="About" onChangeCapture={capture} onChange={onChange} />);
    fireEvent.change(screen.getByLabelText('About'), { target: { value: 'Fresh vegetables' } });
    expect(capture).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledTimes(1);
  });
});
