export * from './accounts';
export * from './audit';
export * from './contact';
export * from './mail';
export * from './rate-limits';
export * from './usage';
export * from './billing';
export * from './literacy';
