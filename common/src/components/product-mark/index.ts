export * from './ProductMark';
