import type { DltSetup, DltTemplate, SmsCampaign, SmsCostPreview } from '@aaspaas/domain';

/** Test data of the SMS feature, shaped like the API's answers. */
export const HEADER_ID = '11111111-1111-4111-8111-111111111111';
export const TEMPLATE_ID = '22222222-2222-4222-8222-222222222222';

export function testTemplate(overrides: Partial<DltTemplate> = {}): DltTemplate {
  return {
    id: TEMPLATE_ID,
    name: 'Diwali offer',
    headerId: HEADER_ID,
    header: '123456',
    category: 'promotional',
    dltTemplateId: '1107160000000000001',
    text: 'Hi {#var#}, {#var#} off at Sharma Kirana today.\nOpt out: {#var#}',
    variableCount: 2,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

export function testSetup(overrides: Partial<DltSetup> = {}): DltSetup {
  return {
    entityId: '1101160000000000001',
    headers: [{ id: HEADER_ID, header: '123456', category: 'promotional', createdAt: '2026-11-01T10:00:00.000Z' }],
    templates: [testTemplate()],
    ...overrides,
  };
}

export function testCostPreview(overrides: Partial<SmsCostPreview> = {}): SmsCostPreview {
  return {
    recipients: 120,
    whatsappRecipients: 0,
    leftOut: { noConsent: 10, optedOut: 4, noWhatsApp: 0 },
    totalParts: 120,
    minParts: 1,
    maxParts: 1,
    pricePaise: 25,
    costPaise: 3000,
    balancePaise: 10_000,
    sample: {
      contactName: 'Meena Iyer',
      to: '9820011111',
      text: 'Hi Meena, 20% off at Sharma Kirana today.\nOpt out: http://localhost/o/abcdefghijklmnopqrst',
      encoding: 'GSM-7',
      characters: 90,
      parts: 1,
      unicodeCulprit: null,
    },
    windowApplies: true,
    channel: 'sms',
    smsRecipients: 120,
    smsCostPaise: 3000,
    whatsapp: null,
    fallbackPricePaise: null,
    ...overrides,
  };
}

export function testCampaign(overrides: Partial<SmsCampaign> = {}): SmsCampaign {
  return {
    id: '33333333-3333-4333-8333-333333333333',
    name: 'Diwali 2026',
    status: 'running',
    stopReason: null,
    channel: 'sms',
    template: { id: TEMPLATE_ID, name: 'Diwali offer', category: 'promotional', header: '123456', text: testTemplate().text },
    whatsappTemplate: null,
    audience: { kind: 'tags', tags: ['regular'] },
    variables: [],
    whatsappVariables: [],
    whatsappRecipients: 0,
    whatsappPricePaise: 0,
    scheduledAt: null,
    sendsAt: null,
    recipients: 120,
    totalParts: 120,
    pricePaise: 25,
    costPaise: 3000,
    refundedPaise: 0,
    progress: { queued: 60, submitted: 30, delivered: 25, failed: 5, expired: 0, cancelled: 0 },
    createdAt: '2026-11-25T06:00:00.000Z',
    confirmedAt: '2026-11-25T06:00:00.000Z',
    completedAt: null,
    ...overrides,
  };
}
