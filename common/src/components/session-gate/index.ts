export * from './SessionGate';
