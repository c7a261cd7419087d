export * from './rules';
export * from './messages';
export * from './contracts';
