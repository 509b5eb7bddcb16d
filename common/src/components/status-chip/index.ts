export { StatusChip, statusColumnMinWidth, type StatusColour } from './StatusChip';
