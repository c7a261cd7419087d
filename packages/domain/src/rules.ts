// The domain's rules and constants without zod (no contract here): what the web's first load
// imports, so zod and the contracts stay out of it. The main entry (index.ts) exports these too.
export * from './constants';
export * from './consent-code';
export * from './gstin';
export * from './hashtags';
export * from './images';
export * from './language';
export * from './location';
export * from './money';
export * from './phone';
export * from './relative-time';
export * from './search';
export * from './storage-keys';
export * from './template-layout';
export * from './text';
export * from './validation';
export * from './opening-hours';
export * from './upi';
export * from './whatsapp/rules';
