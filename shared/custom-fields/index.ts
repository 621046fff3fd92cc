/** Custom fields of companies and contacts: definitions, typed values, the number index, cf_ filters. */
export { createDefinition, listDefinitions, definitionMap, FIELD_TYPES, SLUG_RE, type CustomFieldDefinition, type FieldType } from './definitions.js';
export {
  applyValues,
  validateCustomFields,
  numberIndexOps,
  numberIndexCleanupOps,
  describeValues,
  checkValue,
  parseDate,
  type CfValues,
  type CfInput,
} from './values.js';
export { compileCustomFieldFilters, tryCompileCustomFieldFilters, matchesCustomFields } from './filters.js';
export { CustomFieldDefinitionEntity, CustomFieldNumber, type CfEntity } from './entities.js';
export { encodeNumber, decodeNumber, numberRange } from './number-encoding.js';
