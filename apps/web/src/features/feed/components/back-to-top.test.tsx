import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BACK_TO_TOP_AFTER_PX } from '@/config/ui-timings';
import { BackToTop } from './back-to-top';

const NAME = 'Back to top and refresh';

/** Scroll the window to `y` and let the rAF-throttled listener look. */
async function scrollWindowTo(y: number): Promise<void> {
  window.scrollTo(0, y);
  fireEvent.scroll(window);
  await act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));
}

describe('<BackToTop> (docs/product.md §2, §9: appears after scrolling more than 300 px)', () => {
  afterEach(() => window.scrollTo(0, 0));

  it('stays hidden up to BACK_TO_TOP_AFTER_PX and appears past it, and goes again near the top', async () => {
    window.scrollTo(0, 0);
    render(<BackToTop onActivate={vi.fn()} />);
    expect(screen.queryByRole('button', { name: NAME })).toBeNull();

    await scrollWindowTo(BACK_TO_TOP_AFTER_PX);
    expect(screen.queryByRole('button', { name: NAME })).toBeNull();

    await scrollWindowTo(BACK_TO_TOP_AFTER_PX + 1);
    await waitFor(() => expect(screen.getByRole('button', { name: NAME })).toBeTruthy());

    await scrollWindowTo(BACK_TO_TOP_AFTER_PX - 100);
    await waitFor(() => expect(screen.queryByRole('button', { name: NAME })).toBeNull());
  });

  it('shows at once when the page is already scrolled past when it mounts (a way back to the feed)', () => {
    window.scrollTo(0, BACK_TO_TOP_AFTER_PX * 4);
    render(<BackToTop onActivate={vi.fn()} />);
    expect(screen.getByRole('button', { name: NAME })).toBeTruthy();
  });

  it('asks to go to the top and refresh when tapped', async () => {
    const onActivate = vi.fn();
    render(<BackToTop onActivate={onActivate} />);
    await scrollWindowTo(BACK_TO_TOP_AFTER_PX * 2);
    fireEvent.click(await screen.findByRole('button', { name: NAME }));
    expect(onActivate).toHaveBeenCalledTimes(1);
  });
});
