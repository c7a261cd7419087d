export * from './users';
export * from './posts';
export * from './engagement';
export * from './site-pages';
export * from './auth';
export * from './contacts';
export * from './templates';
export * from './moderation';
