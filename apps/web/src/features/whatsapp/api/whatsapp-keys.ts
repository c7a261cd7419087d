/** Query keys of the WhatsApp feature. */
export const whatsappKeys = {
  all: ['whatsapp'] as const,
  setup: () => ['whatsapp', 'setup'] as const,
  conversations: () => ['whatsapp', 'conversations'] as const,
  thread: (waId: string) => ['whatsapp', 'conversations', waId] as const,
};
