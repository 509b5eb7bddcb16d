export * from './errorKeys';
export * from './text';
export * from './network';
export * from './certificates';
export * from './urls';
export * from './ipHelpers';
export * from './fieldState';
export * from './yupRules';
