/** The evaluation layer's public face: the assertion DSL, its validator, and the diff verdict. */
export {
  validateSpec,
  type Aggregate,
  type Assertion,
  type AssertionSpec,
  type ChangeExpectation,
  type Condition,
  type DiffType,
  type ExpectedCount,
  type IgnoreFields,
  type JsonValue,
  type OperatorName,
  type Operands,
  type Predicate,
  type Primitive,
  type SpecIssue,
} from './spec.ts';
export { specifiedRules, type SpecRule, type SpecRuleContext } from './specRules/index.ts';
export { closest } from './specRules/SpecRule.ts';
export { OPERATORS, OPERATOR_NAMES, compileCondition, matchesCondition, type Test } from './operators.ts';
export { assertionsByRow, evaluateDiff, evaluateDiffBounded, rowRefKey, type EvaluateOptions, type Score, type Verdict } from './evaluate.ts';
export type { AssertionResult } from './evaluateAssertion.ts';
export { namedValues, rowName, withIdNames, type IdRef } from './idNames.ts';
export { MAX_NEAREST, seedProbes, withSeedCandidates, type CandidateSource, type NearestRow, type NearestRows, type PredicateCheck, type SeedProbe } from './nearest.ts';
export { describeAssertion, describeChange, describeCondition, describeCount, describeNeed, describeNeeds, formatValue, isEquality } from './describe.ts';
export type { RowExplanation, RowExplanations, UnexplainedChange } from './closedWorld.ts';
export type { RowRef } from './diffView.ts';
export type { RowKind } from './compileSpec.ts';
export { compilePythonRegex, translatePythonRegex } from './pythonRegex.ts';
export { pyEq, pyJsonDumps } from './python.ts';
export { checkAnswers, answerFromConsole, type AnswerCheck, type AnswerCheckResult } from './answerChecks.ts';
export { numbersIn, listItems } from './answerChecks.ts';
export {
  RUBRIC_DIMENSIONS,
  DEFAULT_JUDGE_BUDGET_TOKENS,
  buildJudgeRequest,
  packForJudge,
  parseJudgement,
  rubricScore,
  estimateTokens,
  type RubricDimension,
  type RubricSpec,
  type TraceEntry,
  type Judge,
  type JudgeRequest,
  type Judgement,
  type RubricJudgement,
} from './rubric.ts';
export { gradeHybrid, hybridGates, PASS_SCORE, type HybridGate, type HybridVerdict, type HybridCheck, type HybridInput } from './hybridGrade.ts';
export { chatCompletionsJudge, judgeOverProtocol, messagesJudge, referenceAnswerJudge } from './judges.ts';
export { patternTest, withBoundedPatterns, isValidPattern, linearPythonPattern, expensivePatternLine, type PatternDialect } from './patternMatcher.ts';
export { setPatternWorkerFactory, PATTERN_BUDGET_MS, EVALUATION_PATTERN_BUDGET_MS, type PatternWorkerPort } from './patternRunner.ts';
export { PATTERN_WORKER_SOURCE } from './patternWorkerSource.ts';
