export * from './ImportWizard';
export { UserImportWizard } from './UserImportWizard';
