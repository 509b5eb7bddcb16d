export * from './AnchoredTooltip';
