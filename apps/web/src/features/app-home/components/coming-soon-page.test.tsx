import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ComingSoonPage } from './coming-soon-page';

describe('<ComingSoonPage>', () => {
  it('is titled from the path, says what the page will do, and leads back to /app', () => {
    render(
      <MemoryRouter>
        <ComingSoonPage pathname="/sms-history" />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'SMS History' })).toBeTruthy();
    expect(screen.getByText('This part of Aaspaas is being built.')).toBeTruthy();
    expect(screen.getByText(/every SMS you have sent/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/app');
    expect(document.title).toBe('SMS History · Aaspaas');
  });
});
