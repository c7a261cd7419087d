import { SMS_MESSAGES } from '@aaspaas/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderSmsPage as renderPage } from '../utils/sms-page-testing';
import { jsonResponse, serveFakeApi } from '@/lib/session-testing';
import { HEADER_ID, testSetup } from '../utils/sms-testing';
import { DltSetupSection } from './dlt-setup-section';

describe('DLT set-up', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('checks a header against its category before sending it, then adds it', async () => {
    const calls = serveFakeApi((call) =>
      call.path === '/api/sms/dlt/headers'
        ? jsonResponse(201, { id: 'h2', header: 'SHRMAK', category: 'transactional', createdAt: '2026-11-25T00:00:00.000Z' })
        : jsonResponse(200, testSetup({ headers: [], templates: [] })),
    );
    renderPage(<DltSetupSection />);
    const header = await screen.findByLabelText('Header');
    fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'promotional' } });
    fireEvent.change(header, { target: { value: 'shrmak' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add header' }));
    expect(await screen.findByText(SMS_MESSAGES.headerDigits)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'transactional' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add header' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ header: 'SHRMAK', category: 'transactional' }),
    );
  });

  it('refuses a promotional template without the opt-out line, and shows the live counter on its text', async () => {
    const calls = serveFakeApi(() => jsonResponse(200, testSetup({ templates: [] })));
    renderPage(<DltSetupSection />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add template' }));
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Diwali' } });
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'promotional' } });
    fireEvent.change(screen.getByLabelText('Text as registered'), { target: { value: 'Sweets at ₹99 a box, {#var#}' } });
    fireEvent.change(screen.getByLabelText('DLT template ID'), { target: { value: '1107160000000000001' } });
    expect(screen.getByRole('status').textContent).toContain('₹ makes this message Unicode');
    fireEvent.click(screen.getByRole('button', { name: 'Save template' }));
    expect(await screen.findByText(SMS_MESSAGES.templateNeedsOptOut)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    expect((screen.getByLabelText('Sent with header') as HTMLSelectElement).value).toBe(HEADER_ID);
  });
});
