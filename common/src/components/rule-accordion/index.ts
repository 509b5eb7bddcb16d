export * from './ruleAccordionModel';
export * from './RuleAccordion';
