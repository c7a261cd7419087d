export * from './rules';
export * from './messages';
export * from './contracts';
export * from './template-reply';
