export { StatusChip, statusChipColumnWidth, type StatusColour } from './StatusChip';
