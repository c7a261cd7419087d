import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { SegmentCounter } from './segment-counter';

const OFFER =
  'Diwali offer: 20% off on all sweets at Sharma Kirana, ₹99 a box. Visit us at MG Road before Sunday. Show this SMS at the counter. Reply STOP to opt out';

function Composer({ initial }: { initial: string }) {
  const [text, setText] = useState(initial);
  return (
    <>
      <label htmlFor="msg">Message</label>
      <textarea id="msg" value={text} onChange={(e) => setText(e.target.value)} />
      <SegmentCounter text={text} pricePaise={25} onFix={setText} />
    </>
  );
}

describe('SegmentCounter', () => {
  it('shows characters, encoding, parts and the cost of one message live', () => {
    render(<Composer initial="Hello" />);
    expect(screen.getByTestId('segment-counter').textContent).toBe('5 characters · GSM-7 · 1 part · ₹0.25 a message');
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'a'.repeat(161) } });
    expect(screen.getByTestId('segment-counter').textContent).toBe('161 characters · GSM-7 · 2 parts · ₹0.50 a message');
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'नमस्ते' } });
    expect(screen.getByTestId('segment-counter').textContent).toContain('Unicode · 1 part');
    expect(screen.queryByTestId('unicode-hint')).toBeNull();
  });

  it('warns when ₹ alone makes the message Unicode, and writes Rs. when asked', () => {
    render(<Composer initial={OFFER} />);
    expect(screen.getByRole('status').textContent).toContain(
      '₹ makes this message Unicode: 3 parts instead of 1 — write Rs. instead?',
    );
    expect(screen.getByTestId('segment-counter').textContent).toContain('Unicode · 3 parts · ₹0.75 a message');
    fireEvent.click(screen.getByRole('button', { name: 'Write Rs.' }));
    expect((screen.getByLabelText('Message') as HTMLTextAreaElement).value).toContain('Rs.99 a box');
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByTestId('segment-counter').textContent).toContain('GSM-7 · 1 part · ₹0.25 a message');
  });

  it('still names the character when the part count stays the same, and offers no fix for a fixed text', () => {
    render(<SegmentCounter text="It’s fresh" />);
    expect(screen.getByRole('status').textContent).toBe(
      "’ makes this message Unicode, which fits fewer characters in a part — write ' instead?",
    );
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByTestId('segment-counter').textContent).not.toContain('a message');
  });
});
