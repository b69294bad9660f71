export { guessSuiteFormat, loadSuite, suiteNamesOf, type LoadResult, type SuiteFormatGuess } from './loadSuite.ts';
export { checkAssertionNames, checkSuiteAgainstSchema, checkSuiteNames } from './checkSuite.ts';
export { difflabSuite } from './format/difflabSuite.ts';
export { agentDiffSuite } from './format/agentDiffSuite.ts';
export type * from './types.ts';
export { METADATA_FACETS, normaliseFacetValue, type MetadataFacet } from './facets.ts';
