export * from './accounts';
export * from './audit';
export * from './mail';
export * from './rate-limits';
