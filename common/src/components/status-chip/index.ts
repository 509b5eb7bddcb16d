export { StatusChip, type StatusColour } from './StatusChip';
