export * from './rules';
export * from './segments';
export * from './messages';
export * from './contracts';
