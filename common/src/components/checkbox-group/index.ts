export * from './checkboxGroupModel';
export * from './CheckboxGroup';
