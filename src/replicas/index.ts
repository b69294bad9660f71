import type { Replica } from './types.ts';
import { box } from './box/index.ts';
import { calendar } from './calendar/index.ts';
import { linear } from './linear/index.ts';
import { mail } from './mail/index.ts';
import { slack } from './slack/index.ts';

/** Every replica DiffLab serves. A new service is one more entry here. */
export const replicas: Replica[] = [slack, box, calendar, linear, mail];

export { createRouter, UnroutableRequestError, type Router } from './router.ts';
export type { Replica, Route, RouteContext, ParamSpec, FaultResponses, RequestProblem } from './types.ts';
export { routeTools, callTool, toolNameOf, toolRequest, type Tool, type ToolCallResult, type JsonSchema } from './tools.ts';
