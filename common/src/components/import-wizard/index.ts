export * from './ImportWizard';
