import { OPERATOR_NAMES, isOperatorName, operatorDef, type OperandKind } from '../operators.ts';
import { closest, jsonType, keyPath, type SpecRuleContext } from './SpecRule.ts';

const OPERAND_WORDS: Record<OperandKind, string> = {
  any: 'any value',
  string: 'a string',
  number: 'a number',
  boolean: 'true or false',
  array: 'an array',
  nonEmptyArray: 'a non-empty array',
};

function operandFits(kind: OperandKind, v: unknown): boolean {
  switch (kind) {
    case 'any':
      return v !== undefined;
    case 'string':
      return typeof v === 'string';
    case 'number':
      return typeof v === 'number' && Number.isFinite(v);
    case 'boolean':
      return typeof v === 'boolean';
    case 'array':
      return Array.isArray(v);
    case 'nonEmptyArray':
      return Array.isArray(v) && v.length > 0;
  }
}

/** A field condition (in `where`, or `from`/`to` of an expected change): a predicate, or a primitive meaning eq. */
export function checkCondition(value: unknown, path: string, context: SpecRuleContext): void {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) context.report(path, 'expected a finite number');
    return;
  }
  if (typeof value !== 'object' || Array.isArray(value)) {
    context.report(
      path,
      `expected an operator object such as {"eq": …} or a string, number, boolean or null; got ${jsonType(value)}`,
    );
    return;
  }
  const names = Object.keys(value);
  if (names.length === 0) {
    context.report(path, `empty operator object; use exactly one of: ${OPERATOR_NAMES.join(', ')}`);
    return;
  }
  if (names.length > 1) {
    context.report(path, `a predicate holds exactly one operator, found ${names.length} (${names.join(', ')})`);
  }
  for (const name of names) {
    const at = keyPath(path, name);
    if (!isOperatorName(name)) {
      const guess = closest(name, OPERATOR_NAMES);
      context.report(
        at,
        `unknown operator "${name}"${guess ? ` (did you mean "${guess}"?)` : ''}; valid operators: ${OPERATOR_NAMES.join(', ')}`,
      );
      continue;
    }
    const def = operatorDef(name);
    const operand = (value as Record<string, unknown>)[name];
    if (!operandFits(def.operand, operand)) {
      const got = Array.isArray(operand) && operand.length === 0 ? 'an empty array' : jsonType(operand);
      context.report(at, `"${name}" expects ${OPERAND_WORDS[def.operand]}, got ${got}`);
      continue;
    }
    const problem = def.check && typeof operand === 'string' ? def.check(operand) : undefined;
    if (problem) context.report(at, `"${name}" ${problem}`);
  }
}
