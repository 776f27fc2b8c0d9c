/**
 * Sectors of listed shares: the twenty ICB supersectors, in English as FTSE Russell names them. The wire
 * carries these names; the apps translate each (a catalogue-parity test can walk this list).
 */
export const sectors = [
  'Technology',
  'Telecommunications',
  'Health Care',
  'Banks',
  'Financial Services',
  'Insurance',
  'Real Estate',
  'Automobiles and Parts',
  'Consumer Products and Services',
  'Media',
  'Retail',
  'Travel and Leisure',
  'Food, Beverage and Tobacco',
  'Personal Care, Drug and Grocery Stores',
  'Construction and Materials',
  'Industrial Goods and Services',
  'Basic Resources',
  'Chemicals',
  'Energy',
  'Utilities',
] as const;
export type Sector = (typeof sectors)[number];
