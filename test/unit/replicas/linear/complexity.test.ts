import { parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { createRouter } from '../../../../src/replicas/index.ts';
import { linear } from '../../../../src/replicas/linear/index.ts';
import { MAX_COMPLEXITY, queryComplexity } from '../../../../src/replicas/linear/complexity.ts';
import { linearSchema } from '../../../../src/replicas/linear/executor.ts';
import { larkspurSeed, OPS_AGENT } from '../../../helpers/larkspurSeed.ts';
import { withLinearEnvironment } from '../../../helpers/linearEnvironment.ts';

const schema = await linearSchema();
const figure = (query: string, variables?: Record<string, unknown>, operationName?: string) =>
  queryComplexity(schema, parse(query), variables, operationName);

describe("Linear's complexity figure: 0.1 a property, 1 an object, connections times first (default 50)", () => {
  it('counts properties and objects', () => {
    expect(figure('{ viewer { id name } }')).toBeCloseTo(1.2);
    expect(figure('{ issue(id: "x") { id title team { id key } state { name } } }')).toBeCloseTo(1 + 0.2 + 1.2 + 1.1);
  });

  it('multiplies what a connection selects by first, last, or 50', () => {
    expect(figure('{ issues { nodes { id } } }')).toBeCloseTo(50 * 1.1);
    expect(figure('{ issues(first: 10) { nodes { id } } }')).toBeCloseTo(11);
    expect(figure('{ issues(last: 4) { nodes { id } } }')).toBeCloseTo(4.4);
    expect(figure('{ searchIssues(term: "x", first: 2) { nodes { id } } }')).toBeCloseTo(2.2);
    // One issue's labels, a connection inside a connection: 100 × (1 + 50 × 1.3).
    expect(figure('{ issues(first: 100) { nodes { labels { nodes { id name color } } } } }')).toBeCloseTo(6600);
  });

  it('reads first from a variable, or from the variable default', () => {
    expect(figure('query($n: Int) { issues(first: $n) { nodes { id } } }', { n: 7 })).toBeCloseTo(7.7);
    expect(figure('query($n: Int = 3) { issues(first: $n) { nodes { id } } }')).toBeCloseTo(3.3);
    expect(figure('query($n: Int) { issues(first: $n) { nodes { id } } }', {})).toBeCloseTo(55);
  });

  it('counts every alias, fragment spread and inline fragment', () => {
    expect(figure('{ a: issues(first: 10) { nodes { id } } b: issues(first: 10) { nodes { id } } }')).toBeCloseTo(22);
    expect(figure('{ issues(first: 10) { nodes { ...F } } } fragment F on Issue { id title }')).toBeCloseTo(12);
    expect(figure('{ issues(first: 10) { nodes { ... on Issue { id title } } } }')).toBeCloseTo(12);
    expect(figure('query($s: Boolean!) { viewer { id name @skip(if: $s) } }', { s: true })).toBeCloseTo(1.1);
  });

  it('measures the operation named by operationName', () => {
    const doc = 'query A { viewer { id } } query B { issues { nodes { id } } }';
    expect(figure(doc, undefined, 'A')).toBeCloseTo(1.1);
    expect(figure(doc, undefined, 'B')).toBeCloseTo(55);
  });
});

const t = withLinearEnvironment(larkspurSeed, OPS_AGENT, 'larkspur_complexity');

/** The query of issue 14: five levels of `issues(first: 50)` through `team`, which took the server down. */
const NESTED = `{ issues(first: 50) { nodes { id team { issues(first: 50) { nodes { id team { issues(first: 50) { nodes { id team {
  issues(first: 50) { nodes { id team { issues(first: 50) { nodes { id title } } } } } } } } } } } } } } }`;

describe('a query over the limit is refused before it runs, as Linear refuses it', () => {
  it("answers the nested-connections query with Linear's HTTP 400 \"Query too complex\" and the figure", async () => {
    const r = await t.gql(NESTED);
    expect(r.status).toBe(400);
    expect(r.body.data).toBeUndefined();
    expect(r.body.errors).toHaveLength(1);
    expect(r.body.errors[0]).toMatchObject({
      message: 'Query too complex',
      extensions: { type: 'invalid input', code: 'INPUT_ERROR', statusCode: 400, userError: true },
    });
    expect(r.body.errors[0].extensions.userPresentableMessage).toMatch(/^The query is too complex\. Complexity: [\d.e+]+\. Maximum allowed complexity: 10000\.$/);
    expect(Number(/Complexity: ([\d.e+]+)\./.exec(r.body.errors[0].extensions.userPresentableMessage)![1])).toBeGreaterThan(MAX_COMPLEXITY);
  });

  it('refuses 2000 aliases of issues(first: 250), and a mutation whose payload is over the limit, writing nothing', async () => {
    const aliases = Array.from({ length: 2000 }, (_, i) => `a${i}: issues(first: 250) { nodes { id title } }`).join('\n');
    expect((await t.gql(`{ ${aliases} }`)).body.errors[0].message).toBe('Query too complex');
    const payload = `mutation { issueCreate(input: {teamId: "team-core", title: "Heavy"}) { issue { team { issues(first: 250) { nodes { id labels(first: 250) { nodes { id } } } } } } } }`;
    const m = await t.gql(payload);
    expect(m.status).toBe(400);
    expect(m.body.errors[0].message).toBe('Query too complex');
    expect((await t.diff()).inserts).toEqual([]);
  });

  it('counts first given as a variable', async () => {
    const q = 'query($n: Int) { issues(first: $n) { nodes { id children(first: $n) { nodes { id title } } } } }';
    expect((await t.gql(q, { n: 250 })).body.errors[0].message).toBe('Query too complex');
    const ok = await t.gql(q, { n: 5 });
    expect(ok.status).toBe(200);
    expect(ok.body.data.issues.nodes).toHaveLength(5);
  });

  it('refuses a fragment that fans out past what can be measured', async () => {
    const fan = (n: number) => Array.from({ length: 12 }, () => `...F${n + 1}`).join(' ');
    const frags = Array.from({ length: 5 }, (_, n) => `fragment F${n} on Issue { id ${n < 4 ? fan(n) : ''} }`).join('\n');
    const r = await t.gql(`{ issues(first: 1) { nodes { ...F0 } } }\n${frags}`);
    expect(r.status).toBe(400);
    expect(r.body.errors[0].message).toBe('Query too complex');
  });

  it('answers documents and variables nested thousands deep with a 400, not a crash or a 500', async () => {
    const deep = `{ issues(filter: ${'{and: ['.repeat(3000)}{}${']}'.repeat(3000)}) { nodes { id } } }`;
    const r = await t.gql(deep);
    expect(r.status).toBe(400);
    expect(r.body.errors[0]).toMatchObject({ message: 'Query too complex', extensions: { userPresentableMessage: 'The query nests more than 100 levels deep.' } });
    // Written out by hand: JSON.stringify itself gives up at this depth.
    const filter = `${'{"and":['.repeat(3000)}{}${']}'.repeat(3000)}`;
    const body = `{"query":"query($f: IssueFilter) { issues(filter: $f) { nodes { id } } }","variables":{"f":${filter}}}`;
    const v = await t.send(new Request('https://api.linear.app/graphql', { method: 'POST', headers: { authorization: 'lin_api_x', 'content-type': 'application/json' }, body }));
    expect(v.status).toBe(400);
    expect((await v.json()).errors[0].message).toBe('Query too complex');
    // Braces inside strings and comments are text, not nesting.
    const text = await t.gql(`{ searchIssues(term: "${'{'.repeat(300)}") { nodes { id } } } # ${'['.repeat(300)}`);
    expect(text.status).toBe(200);
  });

  it('still answers ordinary queries, the figure just under the limit included', async () => {
    // 250 × (1 + 0.1 + 36 × 1.1) = 10,175 is over; 35 children: 250 × 39.6 = 9,900 is not.
    const near = (n: number) => `{ issues(first: 250) { nodes { id children(first: ${n}) { nodes { id } } } } }`;
    expect((await t.gql(near(36))).body.errors[0].message).toBe('Query too complex');
    const ok = await t.gql(near(35));
    expect(ok.status).toBe(200);
    expect(ok.body.data.issues.nodes.length).toBeGreaterThan(100);
  });
});

describe('a query under the limit is still bounded by the request time budget', () => {
  // serveHostile.test.ts sends this one to `difflab serve` while health checks are answered.
  const nearLimit = '{ issues(first: 250) { nodes { id title comments(first: 32) { nodes { id body } } } } }';

  it('costs just under the limit', () => {
    expect(figure(nearLimit)).toBeCloseTo(9900);
  });

  it('every statement of its resolvers checks the budget: past it, Linear\'s timeout, and a mutation keeps no write', async () => {
    // A budget of 0 ms is spent by the first statement of the request.
    const spent = createRouter([linear], { budgetMs: 0 });
    const send = async (query: string) => {
      const r = await spent.route(new Request('https://api.linear.app/graphql', { method: 'POST', headers: { authorization: 'lin_api_test', 'content-type': 'application/json' }, body: JSON.stringify({ query }) }), t.env);
      return { status: r.status, body: await r.json() };
    };
    const read = await send(nearLimit);
    expect(read.status).toBe(503);
    expect(read.body.errors[0]).toMatchObject({ message: 'Request timed out' });
    const write = await send('mutation { issueCreate(input: {teamId: "team-core", title: "Past its budget"}) { success } }');
    expect(write.status).toBe(503);
    expect((await t.diff()).inserts).toEqual([]);
    expect((await t.gql(nearLimit)).body.data.issues.nodes.length).toBeGreaterThan(100);
  });
});
